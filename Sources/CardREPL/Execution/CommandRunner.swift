import CardDomain
import Foundation

/// Runs one parsed command against the services and says how it ended. It prints nothing.
public struct CommandRunner: Sendable {
  private let services: REPLServices
  private let drafts: DraftBuilder

  /// Creates a runner; relative image paths start at `workingDirectory`.
  public init(services: REPLServices, workingDirectory: URL) {
    self.services = services
    drafts = DraftBuilder(workingDirectory: workingDirectory)
  }

  /// Runs `command`.
  public func run(_ command: Command) async -> CommandOutcome {
    do throws(CommandFailure) {
      return .success(try await output(of: command))
    } catch {
      return .failure(error)
    }
  }

  private func output(of command: Command) async throws(CommandFailure) -> CommandOutput {
    switch command {
    case .login(let userID, let password):
      let user = try await perform { () async throws(CardError) in
        try await services.signIn.execute(userID: userID, password: password)
      }
      return .signedIn(user.userID)
    case .logout:
      return try await logout()
    case .whoami:
      let user = try await perform { () async throws(CardError) in
        try await services.currentUser.execute()
      }
      guard let user else { throw CommandFailure(CardError.signedOut) }
      return .currentUser(user.userID)
    case .listCards:
      return .cards(
        try await perform { () async throws(CardError) in
          try await services.listCards.execute()
        })
    case .getCard(let id):
      return .card(
        try await perform { () async throws(CardError) in
          try await services.fetchCard.execute(id: id)
        })
    case .createCard(let arguments):
      let draft: CardDraft
      do {
        draft = try drafts.draft(from: arguments)
      } catch {
        throw CommandFailure(.invalidInput(error))
      }
      return .created(
        try await perform { () async throws(CardError) in
          try await services.createCard.execute(draft)
        })
    case .reorderCards(let ids):
      return .reordered(
        try await perform { () async throws(CardError) in
          try await services.reorderCards.execute(order: ids)
        })
    case .deleteCard(let id):
      try await perform { () async throws(CardError) in
        try await services.deleteCard.execute(id: id)
      }
      return .deleted(id: id)
    case .log(let isEnabled):
      services.requestLog.setEnabled(isEnabled)
      return .log(isEnabled: isEnabled)
    case .sandbox(let sandboxCommand):
      return try await SandboxCommandRunner(sandbox: services.sandbox).run(sandboxCommand)
    case .help(let topic):
      return .help(try HelpTopic(topic))
    case .exit:
      return .exit
    }
  }

  /// Signs out. A session store that cannot be read is moved aside rather than deleted, so
  /// that what was tampered with can still be inspected; when it cannot be moved, signing
  /// out discards it.
  private func logout() async throws(CommandFailure) -> CommandOutput {
    if await sessionIsUnreadable(),
      let destination = try? await services.sessionRecovery.setAsideUnreadableSession()
    {
      return .signedOut(setAsideAt: destination)
    }
    try await perform { () async throws(CardError) in try await services.signOut.execute() }
    return .signedOut(setAsideAt: nil)
  }

  private func sessionIsUnreadable() async -> Bool {
    do {
      _ = try await services.currentUser.execute()
      return false
    } catch {
      if case .credentialStorage = error { return true }
      return false
    }
  }

  /// The value of a use case call, its error turned into a failure; cancellation wins over
  /// whatever error the cancelled call produced.
  private func perform<Value>(_ call: () async throws(CardError) -> Value)
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
