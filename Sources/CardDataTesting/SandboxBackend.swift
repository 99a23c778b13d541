import CardData
import CardDomain
import CardSandbox
import CardSandboxTransport

/// The Data layer wired as the app wires it (`CardData.CardAPI`: authentication, the retry
/// policy, the refresh sent past authentication) over the in-process sandbox, for
/// tests of the whole client without a network. The seed users are `demo`/`demo` (cards `c1`,
/// `c2`) and `guest`/`guest` (card `c3`); retry delays are recorded in ``sleeper``, not waited.
///
/// ```swift
/// let backend = SandboxBackend()
/// _ = try await SignInUseCase(repository: backend.auth).execute(userID: "demo", password: "demo")
/// let cards = try await ListCardsUseCase(repository: backend.cards).execute()  // c1, c2
/// try await backend.failNext(status: 503)  // faults, as the REPL's `sandbox` commands
/// ```
public struct SandboxBackend: Sendable {
  package let sandbox: Sandbox
  public let cards: RemoteCardRepository
  public let auth: RemoteAuthRepository
  public let store: InMemoryCredentialStore
  public let sleeper: RecordingSleeper

  /// `clock` is the sandbox's as well as the client's, so moving a ``FakeWallClock`` past the
  /// token lifetime (an hour) expires the session on both sides.
  public init(clock: any WallClock = SystemWallClock()) {
    let sandbox = Sandbox(clock: { clock.now() })
    let store = InMemoryCredentialStore()
    let sleeper = RecordingSleeper()
    let api = CardAPI(
      baseURL: SandboxTransport.baseURL, transport: SandboxTransport(sandbox: sandbox),
      store: store, clock: clock, sleeper: sleeper)
    self.sandbox = sandbox
    self.store = store
    self.sleeper = sleeper
    cards = api.cards
    auth = api.auth
  }

  /// Makes every request fail as a refused connection (`CardError.networkFail`), or stops.
  public func setOffline(_ isOffline: Bool) async { await sandbox.setOffline(isOffline) }

  /// Makes every request wait `latency` before it is answered; `.zero` turns it off.
  public func setLatency(_ latency: Duration) async throws { try await sandbox.setLatency(latency) }

  /// Makes the next `count` requests answer `status` (400...599), replacing any queued
  /// failure; `502`, `503` and `504` answer a proxy's HTML page, the others an envelope.
  public func failNext(status: Int, count: Int = 1) async throws {
    try await sandbox.failNext(status: status, count: count)
  }

  /// Online, no latency, no queued failure.
  public func clearFaults() async { await sandbox.clearFaults() }

  /// `none`, or the active faults, such as `offline, next 2 requests answer 503`.
  public func faults() async -> String { await sandbox.faults.description }

  /// Makes every access token issued so far expired, so the next call refreshes.
  public func expireAccessTokens() async throws { try await sandbox.expireAccessTokens() }

  /// Makes every refresh token unusable, so the next refresh signs the client out.
  public func revokeRefreshTokens() async throws { try await sandbox.revokeRefreshTokens() }

  /// The sandbox as new (seed cards, no tokens, no faults) and the client signed out, as the
  /// REPL's `sandbox reset` does.
  public func reset() async throws {
    try await sandbox.reset()
    try await store.clear()
  }
}
