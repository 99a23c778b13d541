/// The text of `help` and `help <command>`.
enum HelpText {
  private static let synopsisWidth = 31

  static func lines(for topic: HelpTopic) -> [String] {
    switch topic {
    case .overview:
      return ["Commands:"]
        + CommandTable.all.map { spec in
          let synopsis = spec.usage.count < synopsisWidth ? spec.usage : spec.name + " …"
          return "  " + synopsis.padding(toLength: synopsisWidth, withPad: " ", startingAt: 0)
            + spec.summary
        }
        + [
          "Quote arguments that have spaces: title=\"SOPT 29th iOS\" or name='Kim Minji'. Lines",
          "starting with # are comments. 'help <command>' explains one, e.g. 'help card create'.",
        ]
    case .commands(let names):
      return names.map(CommandTable.spec(named:)).enumerated().flatMap { index, spec in
        (index > 0 ? [""] : []) + ["usage: \(spec.usage)", "  \(spec.summary)"]
          + spec.details.map { "  " + $0 }
      }
    }
  }
}
