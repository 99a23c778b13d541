import CardData
import CardDataTesting
import CardDomain
import Foundation

/// The Data layer wired over a stub transport and an in-memory store by ``CardData/CardAPI``, as
/// the composition root wires it over real ones.
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
