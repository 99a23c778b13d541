import CardDomain
import CardPrimitives
import Foundation

/// Renders outcomes for people: data on standard output, failures on standard error as
/// `<result>: <message> (<status>)`, a cancelled command as `cancelled`. Text from the server
/// or the user goes through ``TerminalText/safe(_:)``.
package struct HumanRenderer: Sendable {
  let outputStyle: TextStyle
  let errorStyle: TextStyle

  package init(outputStyle: TextStyle = .plain, errorStyle: TextStyle = .plain) {
    self.outputStyle = outputStyle
    self.errorStyle = errorStyle
  }

  package func output(_ output: CommandOutput) -> String {
    let lines = lines(of: output)
    return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }

  /// In a script file, the line starts with where the command was: `script.txt:3: `.
  package func failure(_ failure: CommandFailure, at location: ScriptLocation? = nil) -> String {
    let prefix = location.map { "\(TerminalText.safe($0.source)):\($0.line): " } ?? ""
    if failure.isCancellation { return prefix + errorStyle.failure("cancelled") + "\n" }
    let status = failure.status.map { " (\($0))" } ?? ""
    let message = TerminalText.safe(failure.message).replacingOccurrences(of: "\n", with: " ")
    return prefix + errorStyle.failure(failure.result.rawValue) + ": \(message)\(status)\n"
  }

  /// Empty for a note that is only for JSON.
  package func note(_ note: SessionNote) -> String {
    let text: String
    switch note {
    case .accessTokenRefreshed: text = "access token refreshed"
    case .retrying(let method, let path, let cause, let delay, let retry, let limit):
      text =
        "\(method) \(TerminalText.safe(path)) \(TerminalText.safe(cause)); "
        + "retrying in \(Self.seconds(delay)) s (\(retry) of \(limit))"
    case .finishedAfter: return ""
    }
    return errorStyle.note("note") + ": \(text)\n"
  }

  /// `0.5`, `1`, `1.25`: at most three decimals, no trailing zeros.
  private static func seconds(_ duration: Duration) -> String {
    let milliseconds = (duration / .milliseconds(1)).rounded()
    var text = String(format: "%.3f", milliseconds / 1000)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  private func lines(of output: CommandOutput) -> [String] {
    switch output {
    case .signedIn(let user): ["signed in as \(TerminalText.safe(user.rawValue))"]
    case .signedOut(nil): ["signed out"]
    case .signedOut(let path?):
      ["signed out; the unreadable session store was moved to \(TerminalText.safe(path))"]
    case .currentUser(let user): [TerminalText.safe(user.rawValue)]
    case .cards([]), .cardLines([]), .reordered([]): ["no cards"]
    case .cardLines(let cards):
      cards.map { card in
        "\(card.id.rawValue)  \(TerminalText.safe(card.name))  \(card.mbti?.rawValue ?? "-")"
      }
    case .cards(let cards): cards.flatMap { block(of: $0) + [""] }
    case .card(let card): block(of: card) + [""]
    case .reordered(let cards):
      cards.enumerated().map { index, card in
        "\(index + 1). \(card.id.rawValue)  \(TerminalText.safe(card.name))"
      }
    case .deleted(let id): ["deleted \(TerminalText.safe(id))"]
    case .log(let isEnabled): ["request log \(isEnabled ? "on" : "off")"]
    case .sandbox(let command, let faults): ["sandbox: \(Self.describe(command, faults))"]
    case .help(let topic): helpLines(for: topic)
    case .exit: []
    }
  }

  private static let labelWidth = 15
  private static let synopsisWidth = 31

  /// `label  value` lines: id and name first, then every field that has a value, one line per
  /// TMI. Callers end each block with an empty line, so that blocks printed in a row stay apart.
  private func block(of card: Card) -> [String] {
    var fields: [(String, String)] = [("id", card.id.rawValue), ("name", card.name)]
    func add(_ label: String, _ value: String?) {
      if let value { fields.append((label, value)) }
    }
    add("title", card.title)
    add("birthday", card.birthday?.description)
    add("mbti", card.mbti?.rawValue)
    add("instagram", card.instagram)
    add("link", card.link?.absoluteString)
    add("description", card.description)
    add("default image", card.defaultImage.description)
    add("image URL", card.imageURL?.absoluteString)
    for tmi in card.tmis { add("tmi", tmi) }

    let continuation = String(repeating: " ", count: Self.labelWidth)
    return fields.map { label, value in
      let padded = label.padding(toLength: Self.labelWidth, withPad: " ", startingAt: 0)
      let text = TerminalText.safe(value).replacingOccurrences(of: "\n", with: "\n" + continuation)
      return outputStyle.label(padded) + (label == "id" ? outputStyle.heading(text) : text)
    }
  }

  /// The lines `help` and `help <command>` print.
  private func helpLines(for topic: HelpTopic) -> [String] {
    switch topic {
    case .overview:
      return ["Commands:"]
        + CommandTable.all.map { spec in
          let synopsis = spec.usage.count < Self.synopsisWidth ? spec.usage : spec.name + " …"
          return "  " + synopsis.padding(toLength: Self.synopsisWidth, withPad: " ", startingAt: 0)
            + spec.summary
        }
        + [
          "Quote arguments that have spaces: title=\"SOPT 29th iOS\" or name='Kim Minji'. A word",
          "starting with # begins a comment. 'help <command>' explains one: 'help card create'.",
        ]
    case .commands:
      return topic.specs.enumerated().flatMap { index, spec in
        (index > 0 ? [""] : []) + ["usage: \(spec.usage)", "  \(spec.summary)"]
          + spec.details.map { "  " + $0 }
      }
    }
  }

  private static func describe(_ command: SandboxCommand, _ faults: SandboxFaultSummary)
    -> String
  {
    switch command {
    case .expireToken: return "access tokens expired; the next request refreshes them"
    case .revokeRefresh: return "refresh tokens revoked; access tokens work until they expire"
    case .fail:
      guard let status = faults.failureStatus, faults.failuresRemaining > 0 else {
        return "no failures queued"
      }
      let count = faults.failuresRemaining
      return count == 1
        ? "the next request answers \(status)" : "the next \(count) requests answer \(status)"
    case .offline: return faults.isOffline ? "offline" : "online"
    case .latency:
      let latency = faults.latencyMilliseconds
      return latency == 0 ? "no latency" : "latency \(latency) ms"
    case .malform:
      guard let kind = faults.malformedReply, faults.malformedRemaining > 0 else {
        return "no malformed replies queued"
      }
      let reply =
        kind == .envelope ? "a body that is not the envelope" : "data of the wrong shape"
      let count = faults.malformedRemaining
      return count == 1
        ? "the next request answers 200 with \(reply)"
        : "the next \(count) requests answer 200 with \(reply)"
    case .reset: return "reset to the seed cards; every session ended, every fault cleared"
    }
  }
}

/// ANSI colours for one output stream, or none.
package struct TextStyle: Hashable, Sendable {
  package let isEnabled: Bool

  package init(isEnabled: Bool) { self.isEnabled = isEnabled }

  package static let plain = TextStyle(isEnabled: false)

  /// Colours only on a terminal, never on a `TERM=dumb` one, and never when `NO_COLOR` is
  /// set, whatever its value.
  package static func forStream(isTerminal: Bool, environment: [String: String]) -> TextStyle {
    TextStyle(
      isEnabled: isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb")
  }

  func failure(_ text: String) -> String { wrap(text, "31") }  // red
  func note(_ text: String) -> String { wrap(text, "33") }  // yellow
  func heading(_ text: String) -> String { wrap(text, "1") }  // bold
  func label(_ text: String) -> String { wrap(text, "2") }  // dim

  private func wrap(_ text: String, _ code: String) -> String {
    isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
