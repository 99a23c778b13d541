import CardDomain

/// Renders outcomes for people: data on standard output, failures on standard error as
/// `<result>: <message> (<status>)`, a cancelled command as `cancelled`.
public struct HumanRenderer: Sendable {
  /// Colours for standard output.
  public let outputStyle: TextStyle
  /// Colours for standard error.
  public let errorStyle: TextStyle

  /// Creates a renderer.
  public init(outputStyle: TextStyle = .plain, errorStyle: TextStyle = .plain) {
    self.outputStyle = outputStyle
    self.errorStyle = errorStyle
  }

  /// The standard output text of a success, each line ending in a newline; empty for
  /// none.
  public func output(_ output: CommandOutput) -> String {
    let lines = lines(of: output)
    return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }

  /// The standard error line of a failure, with its newline.
  public func failure(_ failure: CommandFailure) -> String {
    if failure.isCancellation { return errorStyle.failure("cancelled") + "\n" }
    let status = failure.status.map { " (\($0))" } ?? ""
    let message = TerminalText.safe(failure.message).replacingOccurrences(of: "\n", with: " ")
    return errorStyle.failure(failure.result.rawValue) + ": \(message)\(status)\n"
  }

  /// The standard error line of a note, with its newline.
  public func note(_ note: SessionNote) -> String {
    errorStyle.note("note") + ": \(note)\n"
  }

  private func lines(of output: CommandOutput) -> [String] {
    switch output {
    case .signedIn(let user): ["signed in as \(TerminalText.safe(user.rawValue))"]
    case .signedOut(nil): ["signed out"]
    case .signedOut(let path?):
      ["signed out; the unreadable session store was moved to \(TerminalText.safe(path))"]
    case .currentUser(let user): [TerminalText.safe(user.rawValue)]
    case .cards([]): ["no cards"]
    case .cards(let cards): cards.flatMap { CardBlock.lines(of: $0, style: outputStyle) + [""] }
    case .card(let card), .created(let card): CardBlock.lines(of: card, style: outputStyle) + [""]
    case .reordered([]): ["no cards"]
    case .reordered(let cards):
      cards.enumerated().map { index, card in
        "\(index + 1). \(card.id.rawValue)  \(TerminalText.safe(card.name))"
      }
    case .deleted(let id): ["deleted \(TerminalText.safe(id))"]
    case .log(let isEnabled): ["request log \(isEnabled ? "on" : "off")"]
    case .sandbox(let command, let faults): ["sandbox: \(Self.describe(command, faults))"]
    case .help(let topic): HelpText.lines(for: topic)
    case .exit: []
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
    case .reset: return "reset to the seed cards; every session ended, every fault cleared"
    }
  }
}
