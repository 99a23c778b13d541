import CardDomain
import Foundation

/// Runs one parsed command against the services and says how it ended; it prints nothing.
/// Relative image paths start at `workingDirectory`.
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
    case .login(let userID, let password):
      guard let password else {
        throw CommandFailure(
          .invalid,
          "login needs a password here: give it after the user id, "
            + "or on standard input with card-repl --password-stdin")
      }
      return .signedIn(
        try await perform(try await services.signIn.execute(userID: userID, password: password))
          .userID)
    case .logout:
      switch try await perform(try await services.signOut.execute()) {
      case .signedOut: return .signedOut(setAsideAt: nil)
      case .unreadableSessionSetAside(let path): return .signedOut(setAsideAt: path)
      }
    case .whoami:
      guard let user = try await perform(try await services.currentUser.execute()) else {
        throw CommandFailure(CardError.signedOut)
      }
      return .currentUser(user.userID)
    case .listCards(let short):
      let cards = try await perform(try await services.listCards.execute())
      return short ? .cardLines(cards) : .cards(cards)
    case .getCard(let id):
      return .card(try await perform(try await services.fetchCard.execute(id: id)))
    case .createCard(let arguments):
      let draft = try CardDraft(arguments, workingDirectory: workingDirectory)
      return .card(try await perform(try await services.createCard.execute(draft)))
    case .reorderCards(let ids):
      return .reordered(try await perform(try await services.reorderCards.execute(order: ids)))
    case .deleteCard(let id):
      try await perform(try await services.deleteCard.execute(id: id))
      return .deleted(id: id)
    case .log(let isEnabled):
      services.requestLog.setEnabled(isEnabled)
      return .log(isEnabled: isEnabled)
    case .sandbox(let command):
      guard let sandbox = services.sandbox else {
        throw CommandFailure(.invalid, "sandbox commands need the sandbox backend")
      }
      return .sandbox(command, try await sandbox.run(command))
    case .help(let topic):
      return .help(try HelpTopic(topic))
    case .exit:
      return .exit
    }
  }

  /// The value of a use case call, its error turned into a failure; cancellation wins over
  /// whatever error the cancelled call produced.
  private func perform<Value>(_ call: @autoclosure () async throws(CardError) -> Value)
    async throws(CommandFailure) -> Value
  {
    do {
      return try await call()
    } catch {
      throw Task.isCancelled ? .cancelled : CommandFailure(error)
    }
  }
}
