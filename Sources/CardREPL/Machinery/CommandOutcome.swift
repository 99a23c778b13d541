import CardDomain

package typealias CommandOutcome = Result<CommandOutput, CommandFailure>

package enum CommandOutput: Hashable, Sendable {
  case signedIn(UserID)
  /// With the path an unreadable session store was moved to, if it was.
  case signedOut(setAsideAt: String?)
  case currentUser(UserID)
  case cards([Card])
  /// `cards --short`: id, name and mbti of each card.
  case cardLines([Card])
  /// A card shown, or just created.
  case card(Card)
  /// The list in its new order.
  case reordered([Card])
  case deleted(id: String)
  case log(isEnabled: Bool)
  /// The command and the faults in force after it.
  case sandbox(SandboxCommand, SandboxFaultSummary)
  case help(HelpTopic)
  case exit
}

/// How a command ended, as the JSON `result` says it: the contract's `NetworkResult` names,
/// which ``CardDomain/CardError`` keeps, plus the two outcomes that never reach a server.
package enum ResultKind: String, Hashable, Sendable {
  case success, requestErr, pathErr, serverErr
  /// No response arrived: offline, timeout, cancelled.
  case networkFail
  /// No usable session: none, expired beyond refresh, or a store that cannot be read.
  case signedOut
  /// Rejected before any request: a usage error or input that fails validation.
  case invalid
}

/// A command that failed: never ``ResultKind/success``, a message without the status, and the
/// HTTP status for `requestErr` and `serverErr`. Its `init(_: CardError)` is the one place
/// where a ``CardDomain/CardError`` becomes a result.
package struct CommandFailure: Error, Hashable, Sendable {
  package let result: ResultKind
  package let message: String
  package let status: Int?
  /// Ctrl-C: `networkFail` in JSON, since no response arrived, and `cancelled` for people.
  package let isCancellation: Bool

  package init(
    _ result: ResultKind, _ message: String, status: Int? = nil, isCancellation: Bool = false
  ) {
    self.result = result
    self.message = message
    self.status = status
    self.isCancellation = isCancellation
  }

  package static let cancelled = CommandFailure(.networkFail, "cancelled", isCancellation: true)

  package init(_ error: UsageError) { self.init(.invalid, error.message) }

  package init(_ error: CardError) {
    switch error {
    case .requestErr(let message, let status): self.init(.requestErr, message, status: status)
    case .pathErr: self.init(.pathErr, error.description)
    case .serverErr(let status, let message):
      self.init(.serverErr, message ?? "the server failed", status: status)
    case .networkFail(let reason): self.init(.networkFail, reason)
    case .signedOut: self.init(.signedOut, error.description)
    case .sessionExpired(let reason):
      self.init(.signedOut, "the session expired (\(reason)); use login to sign in again")
    case .credentialStorage(let reason):
      // The store that failed knows what mends it: its message names the step (card-repl's
      // store says logout only when signing out sets the trouble aside).
      self.init(.signedOut, "the stored session cannot be used: \(reason)")
    case .invalidInput: self.init(.invalid, error.description)
    case .cancelled: self = .cancelled
    }
  }
}
