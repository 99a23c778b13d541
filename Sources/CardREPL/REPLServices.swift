import CardDomain
import CardPrimitives

/// Everything the REPL's commands act on: the use cases and the REPL's own small ports. The
/// composition root fills it with the real graph; tests fill it with fakes.
package struct REPLServices: Sendable {
  package let signIn: SignInUseCase
  package let signOut: SignOutUseCase
  package let currentUser: CurrentUserUseCase
  package let listCards: ListCardsUseCase
  package let fetchCard: FetchCardDetailUseCase
  package let createCard: CreateCardUseCase
  package let reorderCards: ReorderCardsUseCase
  package let deleteCard: DeleteCardUseCase
  /// `nil` with a server backend.
  package let sandbox: (any SandboxControlling)?
  package let requestLog: any RequestLogSwitch
  package let notes: SessionNotes
  /// The backend's name in the prompt, such as `sandbox` or `api.example.com`.
  package let backendName: String

  package init(
    cards: any CardRepository, auth: any AuthRepository, sandbox: (any SandboxControlling)?,
    requestLog: any RequestLogSwitch, notes: SessionNotes, backendName: String
  ) {
    signIn = SignInUseCase(repository: auth)
    signOut = SignOutUseCase(repository: auth)
    currentUser = CurrentUserUseCase(repository: auth)
    listCards = ListCardsUseCase(repository: cards)
    fetchCard = FetchCardDetailUseCase(repository: cards)
    createCard = CreateCardUseCase(repository: cards)
    reorderCards = ReorderCardsUseCase(repository: cards)
    deleteCard = DeleteCardUseCase(repository: cards)
    self.sandbox = sandbox
    self.requestLog = requestLog
    self.notes = notes
    self.backendName = backendName
  }
}

/// The fault injection of the sandbox backend, as the `sandbox …` commands drive it: the
/// composition root implements it over the in-process sandbox; a server backend has none.
package protocol SandboxControlling: Sendable {
  /// Carries out `command` and returns the faults in force after it. `reset` restores the
  /// seed cards and clears every fault, and signs everyone out, this client too. Fails as
  /// `invalid` for an argument the sandbox refuses, `serverErr` for state it cannot save, and
  /// ``CommandFailure/cancelled`` when Ctrl-C cancels a wait for it.
  func run(_ command: SandboxCommand) async throws(CommandFailure) -> SandboxFaultSummary
}

/// The faults injected into the sandbox: the next ``failuresRemaining`` requests answer
/// ``failureStatus``.
package struct SandboxFaultSummary: Hashable, Sendable {
  package var isOffline: Bool
  package var latencyMilliseconds: Int
  package var failureStatus: Int?
  package var failuresRemaining: Int

  package static let none = SandboxFaultSummary()

  package init(
    isOffline: Bool = false, latencyMilliseconds: Int = 0, failureStatus: Int? = nil,
    failuresRemaining: Int = 0
  ) {
    self.isOffline = isOffline
    self.latencyMilliseconds = latencyMilliseconds
    self.failureStatus = failureStatus
    self.failuresRemaining = failuresRemaining
  }
}

package protocol RequestLogSwitch: Sendable {
  var isEnabled: Bool { get }
  func setEnabled(_ isEnabled: Bool)
}

/// Things that happened behind a command's back and that the user should hear about, such
/// as an access token refreshed transparently: the pipeline's monitors post them, and the
/// REPL takes them after each command, oldest first, to print them once.
package final class SessionNotes: Sendable {
  private let notes = Protected<[SessionNote]>([])

  package init() {}

  package func post(_ note: SessionNote) { notes.withLock { $0.append(note) } }

  package func takeNotes() -> [SessionNote] {
    notes.withLock { notes in
      defer { notes.removeAll() }
      return notes
    }
  }
}

package enum SessionNote: Hashable, Sendable, CustomStringConvertible {
  case accessTokenRefreshed

  package var description: String {
    switch self {
    case .accessTokenRefreshed: "access token refreshed"
    }
  }
}
