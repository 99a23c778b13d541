// log, help, exit and quit, the commands about the REPL itself: each command's usage and
// help, how it reads its arguments, and what it runs.

extension CommandTable {
  static let logCommand = CommandSpec(
    name: "log", usage: "log on|off",
    summary: "log requests to stderr, secrets redacted",
    details: ["Tokens, passwords and image bytes never appear: they show as <redacted>."]
  ) { (arguments) throws(UsageError) in .log(isEnabled: try arguments.onOff()) }

  static let replCommands = [
    CommandSpec(
      name: "help", usage: "help [command]", summary: "list the commands, or explain one"
    ) { (arguments) throws(UsageError) in
      .help(topic: arguments.words.isEmpty ? nil : arguments.words.joined(separator: " "))
    },
    .fixed("exit", .exit, summary: "leave (so do quit and Ctrl-D)"),
    .fixed("quit", .exit, summary: "leave"),
  ]
}

extension CommandRunner {
  func log(isEnabled: Bool) -> CommandOutput {
    services.requestLog.setEnabled(isEnabled)
    return .log(isEnabled: isEnabled)
  }

  func help(topic: String?) throws(CommandFailure) -> CommandOutput {
    .help(try HelpTopic(topic))
  }
}

/// What `help` explains: every command in a line, or the commands a topic names in detail.
package enum HelpTopic: Hashable, Sendable {
  /// Every command, one line each.
  case overview
  /// These commands in detail, by name, in table order.
  case commands([String])

  /// The topic of `help <topic>`: every command whose name is `topic` or starts with it.
  init(_ topic: String?) throws(CommandFailure) {
    guard let topic else {
      self = .overview
      return
    }
    let names = CommandTable.all.map(\.name).filter { $0 == topic || $0.hasPrefix(topic + " ") }
    guard !names.isEmpty else {
      let hint = CommandSuggestion.nearest(to: [topic]).map { "did you mean 'help \($0)'?" }
      throw CommandFailure(.invalid, "there is no command '\(topic)'; \(hint ?? "try 'help'")")
    }
    self = .commands(names)
  }

  var specs: [CommandSpec] {
    switch self {
    case .overview: CommandTable.all
    case .commands(let names): CommandTable.all.filter { names.contains($0.name) }
    }
  }
}
