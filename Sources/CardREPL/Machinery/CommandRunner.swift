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
    case .deleteCard(let id): try await deleteCard(id: id)
    case .log(let isEnabled): log(isEnabled: isEnabled)
    case .sandbox(let command): try await sandbox(command)
    case .help(let topic): try help(topic: topic)
    case .exit: .exit
    }
  }

  /// The value of a use case call, its error turned into a failure; cancellation wins over
  /// whatever error the cancelled call produced.
  func perform<Value>(_ call: @autoclosure () async throws(CardError) -> Value)
    async throws(CommandFailure) -> Value
  {
    do {
      return try await call()
    } catch {
      throw Task.isCancelled ? .cancelled : CommandFailure(error)
    }
  }
}
