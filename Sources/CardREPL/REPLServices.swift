import CardDomain

/// Everything the REPL's commands act on: the use cases and the REPL's own small ports. The
/// composition root fills it with the real graph; tests fill it with fakes.
package struct REPLServices: Sendable {
  package let signIn: SignInUseCase
  package let signOut: SignOutUseCase
  /// `whoami` and the prompt.
  package let currentUser: CurrentUserUseCase
  package let listCards: ListCardsUseCase
  package let fetchCard: FetchCardDetailUseCase
  package let createCard: CreateCardUseCase
  package let reorderCards: ReorderCardsUseCase
  package let deleteCard: DeleteCardUseCase
  /// `nil` with a server backend.
  package let sandbox: (any SandboxControlling)?
  package let requestLog: any RequestLogSwitch
  /// Printed after each command.
  package let notes: any SessionNotes
  /// The backend's name in the prompt, such as `sandbox` or `api.example.com`.
  package let backendName: String

  /// The use cases over one card repository and one auth repository.
  package init(
    cards: any CardRepository, auth: any AuthRepository, sandbox: (any SandboxControlling)?,
    requestLog: any RequestLogSwitch, notes: any SessionNotes, backendName: String
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

/// The fault injection of the sandbox backend, as the `sandbox …` commands drive it. The
/// composition root implements it over the in-process sandbox; with a server backend there
/// is none, and the commands say so.
package protocol SandboxControlling: Sendable {
  func expireAccessTokens() async throws(SandboxControlError)
  /// Access tokens keep working until they expire.
  func revokeRefreshTokens() async throws(SandboxControlError)
  /// Makes the next `count` requests answer `status`; a count of 0 clears the queue.
  func failNext(status: Int, count: Int) async throws(SandboxControlError)
  /// Makes every request fail without a response, or stops doing so.
  func setOffline(_ isOffline: Bool) async
  func setLatency(_ latency: Duration) async throws(SandboxControlError)
  /// Restores the seed cards, signs everyone out (this client too) and clears every fault.
  func reset() async throws(SandboxControlError)
  func faults() async -> SandboxFaultSummary
}

/// Why a `sandbox …` command failed: an argument the sandbox refused, state it could not
/// save, or a wait for it cancelled by Ctrl-C.
package struct SandboxControlError: Error, Hashable, Sendable {
  package enum Kind: Hashable, Sendable { case invalidArgument, storage, cancelled }

  package let kind: Kind
  package let message: String

  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }
}

/// The faults injected into the sandbox at one moment, as the REPL reports them.
package struct SandboxFaultSummary: Hashable, Sendable {
  package var isOffline: Bool
  package var latencyMilliseconds: Int
  /// The status the next ``failuresRemaining`` requests answer with.
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

/// `log on|off`.
package protocol RequestLogSwitch: Sendable {
  var isEnabled: Bool { get }
  func setEnabled(_ isEnabled: Bool)
}

/// Things that happened behind a command's back and that the user should hear about, such
/// as an access token refreshed transparently.
package protocol SessionNotes: Sendable {
  /// The notes since the last call, oldest first; they are not handed out again.
  func takeNotes() -> [SessionNote]
}

package enum SessionNote: Hashable, Sendable, CustomStringConvertible {
  /// The access token expired or was about to, and was refreshed.
  case accessTokenRefreshed

  package var description: String {
    switch self {
    case .accessTokenRefreshed: "access token refreshed"
    }
  }
}
