import CardDomain
import Foundation

/// Runs one parsed command against the services and says how it ended. It prints nothing.
struct CommandRunner: Sendable {
  let services: REPLServices
  /// Where relative image paths start.
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
    case .listCards:
      return .cards(try await perform(try await services.listCards.execute()))
    case .getCard(let id):
      return .card(try await perform(try await services.fetchCard.execute(id: id)))
    case .createCard(let arguments):
      let draft: CardDraft
      do {
        draft = try CardDraft(arguments, workingDirectory: workingDirectory)
      } catch {
        throw CommandFailure(.invalidInput(error))
      }
      return .created(try await perform(try await services.createCard.execute(draft)))
    case .reorderCards(let ids):
      return .reordered(try await perform(try await services.reorderCards.execute(order: ids)))
    case .deleteCard(let id):
      try await perform(try await services.deleteCard.execute(id: id))
      return .deleted(id: id)
    case .log(let isEnabled):
      services.requestLog.setEnabled(isEnabled)
      return .log(isEnabled: isEnabled)
    case .sandbox(let sandboxCommand):
      return try await run(sandboxCommand)
    case .help(let topic):
      return .help(try HelpTopic(topic))
    case .exit:
      return .exit
    }
  }

  private func run(_ command: SandboxCommand) async throws(CommandFailure) -> CommandOutput {
    guard let sandbox = services.sandbox else {
      throw CommandFailure(.invalid, "sandbox commands need the sandbox backend")
    }
    do {
      switch command {
      case .expireToken: try await sandbox.expireAccessTokens()
      case .revokeRefresh: try await sandbox.revokeRefreshTokens()
      case .fail(let status, let count): try await sandbox.failNext(status: status, count: count)
      case .offline(let isOffline): await sandbox.setOffline(isOffline)
      case .latency(let milliseconds): try await sandbox.setLatency(.milliseconds(milliseconds))
      case .reset: try await sandbox.reset()
      }
    } catch {
      switch error.kind {
      case .invalidArgument: throw CommandFailure(.invalid, error.message)
      case .storage: throw CommandFailure(.serverErr, error.message)
      case .cancelled: throw CommandFailure.cancelled
      }
    }
    return .sandbox(command, await sandbox.faults())
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

extension HelpTopic {
  /// The topic of `help <topic>`: every command whose name is `topic` or starts with it.
  init(_ topic: String?) throws(CommandFailure) {
    guard let topic else {
      self = .overview
      return
    }
    let names = CommandTable.all.map(\.name).filter { $0 == topic || $0.hasPrefix(topic + " ") }
    guard !names.isEmpty else {
      throw CommandFailure(.invalid, "there is no command '\(topic)'; try 'help'")
    }
    self = .commands(names)
  }
}
