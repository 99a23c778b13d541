import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

/// The Data layer, `CardAPI` as an app builds it, against the live server over each transport:
/// the same cases over `URLSessionTransport` and `AsyncHTTPClientTransport`, each outcome
/// read from the client's answer and the server's request log, never from a time.
extension EndToEndTests {
  // A safety limit for a transport that hangs; every case ends on an answer.
  @Suite("The Data layer over each transport", .timeLimit(.minutes(1)))
  struct DataLayer {
    /// The requests of `lines` as `METHOD /path STATUS`, without the admin path's.
    private static func requests(_ lines: [String]) -> [String] {
      lines.filter { !$0.hasPrefix("POST /_sandbox/") }
        .map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
    }

    /// Signs in as `demo` through `api`.
    private static func signIn(_ api: CardAPI) async throws {
      _ = try await api.auth.signIn(userID: UserID("demo"), password: Password("demo"))
    }

    @Test(arguments: TransportUnderTest.allCases)
    func signInKeepsTheTokensAndTheListIsSentWithThem(_ transport: TransportUnderTest)
      async throws
    {
      try await EndToEnd.withREPL { server, _, log in
        let store = InMemoryCredentialStore()
        let api = CardAPI(baseURL: server.url, transport: transport.make(), store: store)
        let demo = try UserID("demo")
        let user = try await api.auth.signIn(userID: demo, password: Password("demo"))
        #expect(user.userID == demo)
        #expect(try await api.auth.currentUser()?.userID == demo)
        let cards = try await api.cards.cards()
        #expect(cards.map(\.id.rawValue) == ["c1", "c2"])
        #expect(cards.map(\.name) == ["Kim Minji", "이서준"])
        let lines = try await log.settle()
        #expect(Self.requests(lines) == ["POST /auth/login 200", "GET /cards 200"], "\(lines)")
      }
    }

    @Test(arguments: TransportUnderTest.allCases)
    func aSearchsQueryReachesTheServerAsTypedAndFindsTheMatchesInListOrder(
      _ transport: TransportUnderTest
    ) async throws {
      try await EndToEnd.withREPL { server, _, log in
        let api = CardAPI(
          baseURL: server.url, transport: transport.make(), store: InMemoryCredentialStore())
        try await Self.signIn(api)
        let created = try await api.cards.create(CardDraft(name: "R&D = #1 + C++"))
        #expect(try await api.cards.reorder([created.id, CardID("c1"), CardID("c2")]).count == 3)
        let found = { (text: String?, mbti: String?) async throws -> [String] in
          try await api.cards.search(CardSearch(text: text, mbti: mbti.map { try MBTI($0) }))
            .map(\.id.rawValue)
        }
        #expect(try await found("이", nil) == ["c2"])
        #expect(try await found("SOPT", nil) == ["c1", "c2"])
        #expect(try await found("sopt", "infp") == ["c1"])
        #expect(try await found("#1 + C++", nil) == ["c4"])
        #expect(try await found("R&D = ", nil) == ["c4"])
        #expect(try await found(nil, nil) == ["c4", "c1", "c2"])
        let lines = try await log.settle()
        #expect(lines.count { $0.hasPrefix("GET /cards/search 200 ") } == 6, "\(lines)")
      }
    }

    @Test func theReuseSampleOverAsyncHTTPClientSignsInAndListsTheCards() async throws {
      try await EndToEnd.withREPL { server, _, log in
        let api = makeServerSideCardAPI(server: server.url, store: InMemoryCredentialStore())
        try await Self.signIn(api)
        #expect(try await api.cards.cards().map(\.id.rawValue) == ["c1", "c2"])
        let lines = try await log.settle()
        #expect(Self.requests(lines) == ["POST /auth/login 200", "GET /cards 200"], "\(lines)")
      }
    }

    @Test(arguments: TransportUnderTest.allCases)
    func fiftyRequestsAtOnceOnAnExpiredTokenOneRefreshCountedByTheServer(
      _ transport: TransportUnderTest
    ) async throws {
      try await EndToEnd.withREPL { server, _, log in
        let store = InMemoryCredentialStore()
        let api = CardAPI(baseURL: server.url, transport: transport.make(), store: store)
        let cards = api.cards
        try await Self.signIn(api)
        try await AdminRequest.post(server.url, "expire-token")

        let lists = try await withThrowingTaskGroup(of: [Card].self) { group in
          for _ in 0..<50 {
            group.addTask { try await cards.cards() }
          }
          return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(lists.count == 50)
        #expect(lists.allSatisfy { $0.map(\.id.rawValue) == ["c1", "c2"] })
        let lines = try await log.settle()
        #expect(lines.count { $0.hasPrefix("POST /auth/refresh ") } == 1, "\(lines)")
        #expect(lines.count { $0.hasPrefix("POST /auth/refresh 200 ") } == 1)
        #expect(lines.count { $0.hasPrefix("GET /cards 200 ") } == 50)
      }
    }

    @Test(arguments: TransportUnderTest.allCases)
    func anImageOf4MiBFromAFileIsKeptByTheServerByteForByte(_ transport: TransportUnderTest)
      async throws
    {
      try await EndToEnd.withREPL { server, repl, _ in
        let bytes = try repl.file("large.png", ImageBytes.png(byteCount: 4 << 20))
        let file = repl.directory.appendingPathComponent("large.png")
        let api = CardAPI(
          baseURL: server.url, transport: transport.make(), store: InMemoryCredentialStore())
        try await Self.signIn(api)
        let image = CardImage(
          source: .file(file, byteCount: Int64(bytes.count)), mimeType: .png,
          filename: "large.png")
        let card = try await api.cards.create(CardDraft(name: "Large", image: image))
        #expect(card.id.rawValue == "c4")
        #expect(card.imageURL?.path == "/card/c4/image")

        let token = try await HTTPExchange.login(server.url)
        let stored = try await HTTPExchange.send(
          "GET", server.url.appendingPathComponent("card/c4/image"), token: token)
        #expect(stored.status == 200)
        #expect(stored.body.count == bytes.count)
        #expect(stored.body == bytes)
      }
    }

    @Test(arguments: TransportUnderTest.allCases)
    func aBodyOverTheServersLimitIs413AndNothingIsCreated(_ transport: TransportUnderTest)
      async throws
    {
      try await EndToEnd.withREPL { server, _, log in
        let api = CardAPI(
          baseURL: server.url, transport: transport.make(), store: InMemoryCredentialStore())
        try await Self.signIn(api)
        // No image: the client refuses one over 10 MiB itself. A description of 12 MiB passes
        // the client and crosses the server's 11 MiB limit for `POST /card`.
        let draft = CardDraft(name: "Long", description: String(repeating: "a", count: 12 << 20))
        let refused = await #expect(throws: CardError.self) {
          try await api.cards.create(draft)
        }
        guard case .requestErr(_, let status) = refused else {
          Issue.record("not a requestErr: \(String(describing: refused))")
          return
        }
        #expect(status == 413)
        #expect(try await api.cards.cards().map(\.id.rawValue) == ["c1", "c2"])
        let lines = try await log.settle()
        #expect(
          Self.requests(lines) == ["POST /auth/login 200", "POST /card 413", "GET /cards 200"],
          "\(lines)")
      }
    }

    @Test(arguments: TransportUnderTest.allCases)
    func a503IsRetriedAndTheListArrives(_ transport: TransportUnderTest) async throws {
      try await EndToEnd.withREPL { server, _, log in
        // The retry delays are recorded, not waited out.
        let sleeper = RecordingSleeper()
        let api = CardAPI(
          baseURL: server.url, transport: transport.make(), store: InMemoryCredentialStore(),
          sleeper: sleeper)
        try await Self.signIn(api)
        try await AdminRequest.post(server.url, "fail", json: #"{"status": 503, "count": 2}"#)
        #expect(try await api.cards.cards().map(\.id.rawValue) == ["c1", "c2"])
        #expect(sleeper.delays.count == 2)
        let lines = try await log.settle()
        #expect(
          Self.requests(lines) == [
            "POST /auth/login 200", "GET /cards 503", "GET /cards 503", "GET /cards 200",
          ], "\(lines)")
      }
    }

    @Test(arguments: TransportUnderTest.allCases)
    func aReplyLaterThanTheCallsDeadlineIsNetworkFail(_ transport: TransportUnderTest)
      async throws
    {
      try await EndToEnd.withREPL { server, _, log in
        let api = CardAPI(
          baseURL: server.url, transport: transport.make(), store: InMemoryCredentialStore(),
          deadline: CallDeadline(base: .seconds(1), perMebibyte: .zero))
        try await Self.signIn(api)
        // The server holds every answer four times as long as the call may take.
        try await AdminRequest.post(server.url, "latency", json: #"{"milliseconds": 4000}"#)
        let failure = await #expect(throws: CardError.self) {
          try await api.cards.create(CardDraft(name: "Late"))
        }
        try await AdminRequest.post(server.url, "latency", json: #"{"milliseconds": 0}"#)
        guard case .networkFail(let reason) = failure else {
          Issue.record("not a networkFail: \(String(describing: failure))")
          return
        }
        #expect(reason.contains("the call's deadline"), "\(reason)")
        // Not retried: a creation is sent once.
        let lines = try await log.settle()
        #expect(lines.count { $0.hasPrefix("POST /card ") } <= 1, "\(lines)")
      }
    }
  }
}
