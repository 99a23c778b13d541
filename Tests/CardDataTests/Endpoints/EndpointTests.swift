import CardData
import CardDomain
import Foundation
import Testing

/// The contract's operations as typed endpoints: method, path, body and authorization as the
/// contract's table says, sample replies that judge as successes, and no secret in print.
@Suite("Endpoints")
struct EndpointTests {
  /// What an endpoint is expected to be.
  struct Row: Sendable, CustomStringConvertible {
    let name: String
    let method: HTTPMethod
    let path: String
    /// Percent-encoded, without the `?`.
    var query = ""
    let body: String
    let authorization: Authorization
    let sampleStatus: Int
    var description: String { name }
  }

  static let c1 = try! CardID("c1")
  static let draft = CardDraft(name: "Kim Minji", mbti: try? MBTI("INFP"))
  static let stale = AuthCredential(
    userID: "demo", accessToken: "sample-access", refreshToken: "sample-refresh-token",
    expiresAt: Date(timeIntervalSince1970: 0))
  static let now = Date(timeIntervalSince1970: 1_700_000_000)

  /// Each endpoint's row, with the endpoint seen through its name, method, path, body kind and
  /// authorization (their response types differ).
  static let rows: [(Row, EndpointFacts)] = [
    (
      Row(
        name: "cardList", method: .get, path: "/cards", body: "none", authorization: .bearer,
        sampleStatus: 200), EndpointFacts(.cardList)
    ),
    (
      Row(
        name: "cardDetailFetch", method: .get, path: "/card/c1", body: "none",
        authorization: .bearer, sampleStatus: 200), EndpointFacts(.cardDetailFetch(c1))
    ),
    (
      Row(
        name: "cardCreation", method: .post, path: "/card", body: "multipart",
        authorization: .bearer, sampleStatus: 201), EndpointFacts(.cardCreation(draft))
    ),
    (
      Row(
        name: "cardListEdit", method: .put, path: "/cards", body: "json",
        authorization: .bearer, sampleStatus: 200),
      EndpointFacts(.cardListEdit([try! CardID("c2"), c1]))
    ),
    (
      Row(
        name: "cardDelete", method: .delete, path: "/card/c1", body: "none",
        authorization: .bearer, sampleStatus: 200), EndpointFacts(.cardDelete(c1))
    ),
    (
      Row(
        name: "cardSearch", method: .get, path: "/cards/search", query: "q=Kim&mbti=INFP",
        body: "none", authorization: .bearer, sampleStatus: 200),
      EndpointFacts(.cardSearch(try! CardSearch(text: "Kim", mbti: try! MBTI("infp"))))
    ),
    (
      Row(
        name: "login", method: .post, path: "/auth/login", body: "json",
        authorization: .anonymous, sampleStatus: 200),
      EndpointFacts(.login(userID: try! UserID("demo"), password: try! Password("pw"), at: now))
    ),
    (
      Row(
        name: "refresh", method: .post, path: "/auth/refresh", body: "json",
        authorization: .anonymous, sampleStatus: 200), EndpointFacts(.refresh(stale, at: now))
    ),
    (
      Row(
        name: "logout", method: .post, path: "/auth/logout", body: "none",
        authorization: .bearer, sampleStatus: 200), EndpointFacts(.logout)
    ),
  ]

  @Test(arguments: rows)
  func endpointMatchesTheContract(row: Row, endpoint: EndpointFacts) throws {
    #expect(endpoint.name == row.name)
    #expect(endpoint.method == row.method)
    #expect(endpoint.path == row.path)
    #expect(endpoint.query == row.query)
    #expect(endpoint.body == row.body)
    #expect(endpoint.authorization == row.authorization)
    #expect(endpoint.sample.status == row.sampleStatus)
    #expect(endpoint.sample.headers["content-type"] == "application/json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: endpoint.sample.body) as? [String: Any])
    #expect(Set(object.keys) == ["status", "success", "message", "data"])
    #expect(object["status"] as? Int == row.sampleStatus)
    #expect(object["success"] as? Bool == true)
    #expect(endpoint.sampleJudgedAsSuccess)
  }

  @Test func anIDIsOnePercentEncodedSegment() throws {
    let id = try CardID("a/b c")
    #expect(Endpoint.cardDetailFetch(id).path.segments == ["card", "a/b c"])
    #expect(Endpoint.cardDetailFetch(id).path.percentEncoded == "/card/a%2Fb%20c")
    #expect(Endpoint.cardDelete(id).path.percentEncoded == "/card/a%2Fb%20c")
  }

  @Test func aSearchSendsItsTextAndMBTIAsQueryItemsOnlyWhenGiven() throws {
    let both = try CardSearch(text: "이", mbti: MBTI("enTJ"))
    #expect(
      Endpoint.cardSearch(both).query == [
        QueryItem(name: "q", value: "이"), QueryItem(name: "mbti", value: "ENTJ"),
      ])
    #expect(
      Endpoint.cardSearch(try CardSearch(mbti: MBTI("INFP"))).query.percentEncoded == "mbti=INFP")
    #expect(Endpoint.cardSearch(try CardSearch()).query.isEmpty, "neither: every card")
  }

  @Test(arguments: [
    ("이", "q=%EC%9D%B4"),
    ("a+b", "q=a%2Bb"),
    ("R&D = 1#2", "q=R%26D%20%3D%201%232"),
    ("50%/?", "q=50%25%2F%3F"),
    ("A-z_0.9~", "q=A-z_0.9~"),
  ])
  func aQueryItemIsPercentEncodedUTF8KeepingOnlyTheUnreservedCharacters(
    value: String, encoded: String
  ) {
    #expect([QueryItem(name: "q", value: value)].percentEncoded == encoded)
  }

  @Test func jsonBodiesCarryTheContractsFields() throws {
    #expect(
      try WireFixtures.sortedJSON(of: .cardListEdit([try CardID("c2"), Self.c1]))
        == #"{"cardIds":["c2","c1"]}"#)
    let login = Endpoint.login(
      userID: try UserID("demo"), password: try Password("hunter2"), at: Self.now)
    #expect(try WireFixtures.sortedJSON(of: login) == #"{"password":"hunter2","userId":"demo"}"#)
    #expect(
      try WireFixtures.sortedJSON(of: .refresh(Self.stale, at: Self.now))
        == #"{"refreshToken":"sample-refresh-token"}"#)
  }

  @Test func cardCreationSendsTheDraftsFormWithAFreshBoundaryEachTime() throws {
    guard case .multipart(let first) = Endpoint.cardCreation(Self.draft).body,
      case .multipart(let second) = Endpoint.cardCreation(Self.draft).body
    else {
      Issue.record("cardCreation does not send a form")
      return
    }
    #expect(first.parts == MultipartFormData(cardCreation: Self.draft).parts)
    #expect(first.boundary != second.boundary)
  }

  @Test func samplesMapToTheContractsExampleEntities() throws {
    let cards = try Endpoint.cardList.decode(Endpoint.cardList.sampleResponse).get()
    #expect(cards.map(\.id.rawValue) == ["c1", "c2"])
    #expect(cards.allSatisfy { $0.owner.rawValue == "demo" })
    #expect(cards[0] == (try WireFixtures.fullCard.card()))
    #expect(cards[1].birthday == nil && cards[1].link == nil && cards[1].imageURL == nil)

    let created = Endpoint.cardCreation(CardDraft(name: "A"))
    let card = try created.decode(created.sampleResponse).get()
    #expect(card.id.rawValue == "c3" && card.imageURL == nil)

    let login = Endpoint.login(
      userID: try UserID("demo"), password: try Password("pw"), at: Self.now)
    let credential = try login.decode(login.sampleResponse).get()
    #expect(credential.userID == "demo")
    #expect(credential.expiresAt == Self.now.addingTimeInterval(3_600))
    #expect(credential.issuedAt == Self.now)
    #expect(credential.accessToken.hasPrefix("sample-access-token"))

    let refreshed = Endpoint.refresh(Self.stale, at: Self.now)
    #expect(
      try refreshed.decode(refreshed.sampleResponse).get().refreshToken
        == "sample-refresh-token-2")
  }

  @Test func printingAnEndpointNeverShowsItsBody() throws {
    let login = Endpoint.login(
      userID: try UserID("demo"), password: try Password("hunter2"), at: Self.now)
    let refresh = Endpoint.refresh(Self.stale, at: Self.now)
    for text in [
      String(describing: login), String(reflecting: login), dumped(login),
      String(describing: refresh), String(reflecting: refresh), dumped(refresh),
    ] {
      #expect(!text.contains("hunter2"))
      #expect(!text.contains("sample-refresh-token"))
    }
    #expect(String(describing: login) == "login POST /auth/login")
    let search = Endpoint.cardSearch(try CardSearch(text: "hunter2"))
    for text in [String(describing: search), String(reflecting: search), dumped(search)] {
      #expect(!text.contains("hunter2"), "a query is printed by the request log only, redacted")
    }
  }

  private func dumped(_ value: Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text
  }
}

/// What every endpoint is, whatever its response type.
struct EndpointFacts: Sendable {
  let name: String
  let method: HTTPMethod
  let path: String
  let query: String
  let body: String
  let authorization: Authorization
  let sample: HTTPResponse
  let sampleJudgedAsSuccess: Bool

  init<Response>(_ endpoint: Endpoint<Response>) {
    name = endpoint.name
    method = endpoint.method
    path = endpoint.path.percentEncoded
    query = endpoint.query.percentEncoded
    body =
      switch endpoint.body {
      case .none: "none"
      case .json: "json"
      case .multipart: "multipart"
      }
    authorization = endpoint.authorization
    sample = endpoint.sampleResponse
    sampleJudgedAsSuccess = (try? endpoint.decode(endpoint.sampleResponse).get()) != nil
  }
}
