import CardData
import CardDomain
import CardTestSupport
import Foundation

/// The Data layer wired over a stub transport and an in-memory store, as the composition
/// root wires it over real ones: a pipeline with the authentication interceptor and the retry
/// policy, the refresh sent by a pipeline without the interceptor.
struct RepositoryHarness {
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
    let log = self.log
    let refreshing = RequestPipeline(
      baseURL: Self.baseURL, transport: transport,
      interceptor: Interceptor(retriers: [RetryPolicy()]),
      monitors: [LoggingMonitor { log.write($0) }], sleeper: sleeper)
    let authentication = AuthenticationInterceptor(
      store: store, refresher: APITokenRefresher(client: refreshing, clock: clock), clock: clock)
    let client = refreshing.with(
      interceptor: Interceptor(
        adapters: [authentication], retriers: [authentication, RetryPolicy()]))
    cards = RemoteCardRepository(client: client)
    auth = RemoteAuthRepository(client: client, store: store, clock: clock)
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

  /// An envelope with a JSON payload.
  static func envelope(status: Int = 200, message: String = "ok", data: String) -> StubReply {
    let body =
      #"{"status":\#(status),"success":\#((200..<300).contains(status)),"message":"\#(message)","data":\#(data)}"#
    return .response(
      HTTPResponse(
        status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8)))
  }

  static let cardJSON =
    #"{"cardId":"c1","userId":"demo","name":"Kim Minji","mbti":"INFP","birthday":"1999-03-02","defaultImage":2,"tmi":["likes coffee"]}"#
  static let tokenJSON =
    #"{"accessToken":"access-new","refreshToken":"refresh-new","expiresIn":3600}"#
}
