import CardDomain
import CardPrimitives
import Synchronization

/// Everything the REPL's commands act on: the repositories, through a use case per flow, and
/// the REPL's own small ports. The composition root fills it with the real graph; tests fill
/// it with fakes.
package struct REPLServices: Sendable {
  private let cards: any CardRepository
  private let auth: any AuthRepository
  /// `nil` for a backend without fault controls; the `sandbox` commands then say so.
  package let sandbox: (any SandboxControlling)?
  package let requestLog: RequestLogSwitch
  package let notes: SessionNotes
  /// Drawn while a command uploads; `nil` unless standard error is a terminal that can show it.
  package let uploadProgress: UploadProgressBar?
  /// The backend's name in the prompt, such as `sandbox` or `api.example.com`.
  package let backendName: String
  /// The step that mends a session store that cannot be used, which a `credentialStorage`
  /// failure ends with: chosen when the failure is shown, by what is wrong on disk then;
  /// `signingOut` for `logout`'s. `nil` adds none.
  package let storeAdvice: @Sendable (_ signingOut: Bool) -> String?

  package init(
    cards: any CardRepository, auth: any AuthRepository, sandbox: (any SandboxControlling)?,
    requestLog: RequestLogSwitch, notes: SessionNotes, backendName: String,
    uploadProgress: UploadProgressBar? = nil,
    storeAdvice: @escaping @Sendable (_ signingOut: Bool) -> String? = { _ in nil }
  ) {
    self.cards = cards
    self.auth = auth
    self.sandbox = sandbox
    self.requestLog = requestLog
    self.notes = notes
    self.uploadProgress = uploadProgress
    self.backendName = backendName
    self.storeAdvice = storeAdvice
  }

  package var signIn: SignInUseCase { SignInUseCase(repository: auth) }
  package var signOut: SignOutUseCase { SignOutUseCase(repository: auth) }
  package var currentUser: CurrentUserUseCase { CurrentUserUseCase(repository: auth) }
  package var listCards: ListCardsUseCase { ListCardsUseCase(repository: cards) }
  package var fetchCard: FetchCardDetailUseCase { FetchCardDetailUseCase(repository: cards) }
  package var createCard: CreateCardUseCase { CreateCardUseCase(repository: cards) }
  package var reorderCards: ReorderCardsUseCase { ReorderCardsUseCase(repository: cards) }
  package var deleteCard: DeleteCardUseCase { DeleteCardUseCase(repository: cards) }
  package var searchCards: SearchCardsUseCase { SearchCardsUseCase(repository: cards) }
}

/// The fault injection of the sandbox backend, as the `sandbox …` commands drive it: the
/// composition root implements it over the in-process sandbox, and over a server's admin path
/// (`/_sandbox/`, which the reference server offers) for a server backend.
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
  /// The next ``malformedRemaining`` requests answer 200 with this broken reply.
  package var malformedReply: MalformedReplyKind?
  package var malformedRemaining: Int

  package static let none = SandboxFaultSummary()

  package init(
    isOffline: Bool = false, latencyMilliseconds: Int = 0, failureStatus: Int? = nil,
    failuresRemaining: Int = 0, malformedReply: MalformedReplyKind? = nil,
    malformedRemaining: Int = 0
  ) {
    self.isOffline = isOffline
    self.latencyMilliseconds = latencyMilliseconds
    self.failureStatus = failureStatus
    self.failuresRemaining = failuresRemaining
    self.malformedReply = malformedReply
    self.malformedRemaining = malformedRemaining
  }
}

/// `log on|off`: whether the request log writes its lines. It starts off.
package final class RequestLogSwitch: Sendable {
  private let enabled = Atomic(false)

  package init() {}

  package var isEnabled: Bool { enabled.load(ordering: .relaxed) }

  package func setEnabled(_ isEnabled: Bool) { enabled.store(isEnabled, ordering: .relaxed) }
}

/// Things that happened behind a command's back and that the user should hear about, such
/// as an access token refreshed transparently or a request retried: the client's middleware
/// post them through this port, and the REPL takes them after each command, oldest first, to
/// print them once.
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

package enum SessionNote: Hashable, Sendable {
  case accessTokenRefreshed
  /// A request is about to be sent again after a transient failure, as people read it:
  /// `GET /cards answered 503; retrying in 0.5 s (1 of 2)`. `path` is the URL's, without the
  /// query; `cause` is `answered 503` or `failed (the sandbox is offline)`; `retry` is 1 for
  /// the first.
  case retrying(
    method: String, path: String, cause: String, delay: Duration, retry: Int, limit: Int)
  /// A request that was retried ended after this many attempts, the first one included:
  /// the `attempts` of the command's JSON object; people have seen the retries already.
  case finishedAfter(attempts: Int)
}
