import CardData
import CardDomain
import CardSandbox
import Foundation

/// The Data layer wired over the in-process sandbox, for tests that want the whole client
/// against a server that keeps the contract, without a network, the REPL or the app's
/// composition root.
///
/// ```swift
/// let backend = SandboxBackend()
/// _ = try await SignInUseCase(repository: backend.auth).execute(userID: "demo", password: "demo")
/// let cards = try await ListCardsUseCase(repository: backend.cards).execute()  // c1, c2
/// try await backend.sandbox.failNext(status: 503)  // faults, as the REPL's `sandbox` commands
/// ```
///
/// The wiring is the app's: a pipeline with the authentication interceptor and the retry
/// policy, the refresh sent by a pipeline without the interceptor. The session is kept in an
/// ``InMemoryCredentialStore``, and retry delays are recorded, not waited.
public struct SandboxBackend: Sendable {
  /// The sandbox: its seed users `demo`/`demo` and `guest`/`guest`, and its faults.
  public let sandbox: CardSandbox
  public let cards: RemoteCardRepository
  public let auth: RemoteAuthRepository
  /// Where the session is kept.
  public let store: InMemoryCredentialStore
  /// The retry delays asked for.
  public let sleeper: RecordingSleeper

  /// A backend over `sandbox` (a fresh in-memory one by default).
  public init(sandbox: CardSandbox = CardSandbox(), clock: any WallClock = SystemWallClock()) {
    let store = InMemoryCredentialStore()
    let sleeper = RecordingSleeper()
    let refreshing = RequestPipeline(
      baseURL: SandboxTransport.baseURL, transport: SandboxTransport(sandbox: sandbox),
      interceptor: Interceptor(retriers: [RetryPolicy()]), sleeper: sleeper)
    let authentication = AuthenticationInterceptor(
      store: store, refresher: APITokenRefresher(client: refreshing, clock: clock), clock: clock)
    let client = refreshing.with(
      interceptor: Interceptor(
        adapters: [authentication], retriers: [authentication, RetryPolicy()]))
    self.sandbox = sandbox
    self.store = store
    self.sleeper = sleeper
    cards = RemoteCardRepository(client: client)
    auth = RemoteAuthRepository(client: client, store: store, clock: clock)
  }
}
