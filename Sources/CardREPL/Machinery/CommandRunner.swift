import CardDomain
import Foundation

/// Runs one parsed command against the services and says how it ended; it prints nothing.
/// Relative image paths start at `workingDirectory`. What each command runs is in the file of
/// its group, beside its usage and how it reads its arguments.
struct CommandRunner: Sendable {
  let services: REPLServices
  let workingDirectory: URL

  func run(_ command: Command) async -> CommandOutcome {
    do throws(CommandFailure) {
      return .success(try await output(of: command))
    } catch {
      return .failure(error)
    }
  }

  private func output(of command: Command) async throws(CommandFailure) -> CommandOutput {
    switch command {
    case .login(let userID, let password): try await login(userID: userID, password: password)
    case .logout: try await logout()
    case .whoami: try await whoami()
    case .listCards(let short): try await listCards(short: short)
    case .getCard(let id): try await getCard(id: id)
    case .createCard(let arguments): try await createCard(arguments)
    case .reorderCards(let ids): try await reorderCards(ids: ids)
    case .searchCards(let text, let mbti, let short):
      try await searchCards(text: text, mbti: mbti, short: short)
    case .deleteCard(let id): try await deleteCard(id: id)
    case .log(let isEnabled): log(isEnabled: isEnabled)
    case .sandbox(let command): try await sandbox(command)
    case .help(let topic): try help(topic: topic)
    case .exit: .exit
    }
  }

  /// The value of a use case call, its error turned into a failure; cancellation wins over
  /// whatever error the cancelled call produced. A store that cannot be used gets the step
  /// that mends it (``REPLServices/storeAdvice``).
  func perform<Value>(
    signingOut: Bool = false, _ call: @autoclosure () async throws(CardError) -> Value
  ) async throws(CommandFailure) -> Value {
    do {
      return try await call()
    } catch {
      if Task.isCancelled { throw .cancelled }
      guard case .credentialStorage(let reason) = error,
        let advice = services.storeAdvice(signingOut)
      else { throw CommandFailure(error) }
      throw CommandFailure(.credentialStorage(reason: "\(reason). \(advice)"))
    }
  }
}

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
      self.init(.signedOut, "the stored session cannot be used: \(reason)")
    case .invalidInput: self.init(.invalid, error.description)
    case .cancelled: self = .cancelled
    }
  }
}
