import CardData
import CardDomain
import CardSandbox
import CardTestSupport
import Testing

/// The whole client against the in-process sandbox, through CardTestSupport alone: what
/// another project's tests can do without a network, the REPL or the app's composition root.
@Suite("The Data layer over the in-process sandbox")
struct SandboxBackendTests {
  let backend = SandboxBackend()

  @Test func signInListCreateAndSignOut() async throws {
    _ = try await SignInUseCase(repository: backend.auth).execute(userID: "demo", password: "demo")
    let cards = try await ListCardsUseCase(repository: backend.cards).execute()
    #expect(cards.map(\.id.rawValue) == ["c1", "c2"])
    let created = try await CreateCardUseCase(repository: backend.cards)
      .execute(CardDraft(name: "Kim Minji", mbti: try MBTI("infp")))
    #expect(created.owner.rawValue == "demo" && created.mbti?.rawValue == "INFP")
    #expect(try await SignOutUseCase(repository: backend.auth).execute() == .signedOut)
    await #expect(throws: CardError.signedOut) {
      try await ListCardsUseCase(repository: backend.cards).execute()
    }
  }

  @Test func theSandboxsFaultsReachTheClientAsTheContractSays() async throws {
    _ = try await SignInUseCase(repository: backend.auth).execute(userID: "demo", password: "demo")
    try await backend.sandbox.failNext(status: 503, count: 3)
    await #expect(throws: CardError.serverErr(status: 503, message: nil)) {
      try await ListCardsUseCase(repository: backend.cards).execute()
    }
    #expect(backend.sleeper.delays == [.milliseconds(500), .seconds(1)], "GET retried twice")

    try await backend.sandbox.expireAccessTokens()
    #expect(try await ListCardsUseCase(repository: backend.cards).execute().count == 2)
  }

  @Test func anotherUsersCardIsForbidden() async throws {
    _ = try await SignInUseCase(repository: backend.auth).execute(
      userID: "guest", password: "guest")
    await #expect(throws: CardError.self) {
      try await FetchCardDetailUseCase(repository: backend.cards).execute(id: "c1")
    }
  }
}
