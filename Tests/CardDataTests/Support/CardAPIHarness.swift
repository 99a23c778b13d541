import CardData
import CardDataTesting
import CardDomain
import Foundation

/// The Data layer wired over a stub transport and an in-memory store by ``CardData/CardAPI``, as
/// the composition root wires it over real ones: for the tests of that wiring, what a request
/// looks like on the wire once the middleware chain has run. A repository's own tests use a
/// `SpyAPIClient` instead.
struct CardAPIHarness {
  static let baseURL = URL(string: "https://cards.test/api")!

  let transport: StubTransport
  let store: InMemoryCredentialStore
  let clock = FakeWallClock()
  let sleeper = RecordingSleeper()
  let log = LineCollector()
  let cards: RemoteCardRepository
  let auth: RemoteAuthRepository

  init(
    credential: AuthCredential? = nil,
    fallback: (@Sendable (HTTPRequest) async -> StubReply)? = nil
  ) {
    transport = StubTransport(fallback: fallback)
    store = InMemoryCredentialStore(credential: credential)
    let api = CardAPI(
      baseURL: Self.baseURL, transport: transport, store: store,
      log: RequestLog(.call, write: log.write), clock: clock, sleeper: sleeper)
    cards = api.cards
    auth = api.auth
  }

  /// A credential for `demo`, valid for an hour from the harness clock.
  static func credential(
    access: String = "access-0", refresh: String = "refresh-0", expiresIn: TimeInterval = 3_600,
    clock: FakeWallClock = FakeWallClock()
  ) -> AuthCredential {
    AuthCredential(
      userID: "demo", accessToken: access, refreshToken: refresh,
      expiresAt: clock.now().addingTimeInterval(expiresIn))
  }
}
