import CardDataTesting
import CardDomain
import Testing

/// Another project's view: the whole client against the in-process sandbox through
/// `CardDataTesting`'s public API alone, faults injected through ``SandboxBackend``.
@Suite("The Data layer over the in-process sandbox, as another project uses it")
struct SandboxBackendTests {
  let backend = SandboxBackend()
  private var cards: any CardRepository { backend.cards }

  private func signIn(_ user: String = "demo") async throws {
    _ = try await SignInUseCase(repository: backend.auth).execute(userID: user, password: user)
  }

  private func cardIDs() async throws -> [String] {
    try await ListCardsUseCase(repository: cards).execute().map(\.id.rawValue)
  }

  @Test func signInListCreateDeleteAndSignOut() async throws {
    try await signIn()
    #expect(try await cardIDs() == ["c1", "c2"])
    let created = try await CreateCardUseCase(repository: cards)
      .execute(CardDraft(name: "Kim Minji", mbti: try MBTI("infp")))
    #expect(created.owner.rawValue == "demo" && created.mbti?.rawValue == "INFP")
    #expect(try await cardIDs() == ["c1", "c2", created.id.rawValue])
    try await DeleteCardUseCase(repository: cards).execute(id: created.id.rawValue)
    #expect(try await cardIDs() == ["c1", "c2"])
    #expect(try await SignOutUseCase(repository: backend.auth).execute() == .signedOut)
    await #expect(throws: CardError.signedOut) { try await cardIDs() }
  }

  @Test func anInjectedServerFailureIsRetriedThenReachesTheCallerAsServerErr() async throws {
    try await signIn()
    try await backend.failNext(status: 503, count: 3)
    #expect(await backend.faults() == "next 3 requests answer 503")
    await #expect(throws: CardError.serverErr(status: 503, message: nil)) { try await cardIDs() }
    #expect(backend.sleeper.delays == [.milliseconds(500), .seconds(1)], "GET retried twice")
    #expect(try await cardIDs() == ["c1", "c2"])
  }

  @Test func anOfflineSandboxIsANetworkFailureUntilItIsBackOnline() async throws {
    try await signIn()
    await backend.setOffline(true)
    let error = await #expect(throws: CardError.self) { try await cardIDs() }
    guard case .networkFail = error else {
      Issue.record("offline gave \(String(describing: error))")
      return
    }
    await backend.setOffline(false)
    #expect(try await cardIDs() == ["c1", "c2"])
  }

  @Test func expiredAccessTokensAreRefreshedAndRevokedRefreshTokensEndTheSession() async throws {
    try await signIn()
    try await backend.expireAccessTokens()
    #expect(try await cardIDs() == ["c1", "c2"], "refreshed behind the caller's back")
    try await backend.expireAccessTokens()
    try await backend.revokeRefreshTokens()
    let error = await #expect(throws: CardError.self) { try await cardIDs() }
    guard case .sessionExpired = error else {
      Issue.record("a revoked refresh token gave \(String(describing: error))")
      return
    }
  }

  @Test func oneClockMovedPastTheTokenLifetimeMakesTheNextCallRefresh() async throws {
    let clock = FakeWallClock()
    let backend = SandboxBackend(clock: clock)
    _ = try await SignInUseCase(repository: backend.auth).execute(userID: "demo", password: "demo")
    clock.advance(by: .seconds(2 * 3600))
    #expect(try await ListCardsUseCase(repository: backend.cards).execute().count == 2)
    #expect(await backend.store.refreshCallCount == 1)
  }

  @Test func resetRestoresTheSeedCardsAndSignsTheClientOut() async throws {
    try await signIn()
    try await DeleteCardUseCase(repository: cards).execute(id: "c2")
    try await backend.reset()
    await #expect(throws: CardError.signedOut) { try await cardIDs() }
    try await signIn()
    #expect(try await cardIDs() == ["c1", "c2"])
  }

  @Test func faultsAreDescribedClearedAndCheckedForSense() async throws {
    try await backend.setLatency(.milliseconds(250))
    await backend.setOffline(true)
    #expect(await backend.faults() == "offline, latency 0.25 seconds")
    await backend.clearFaults()
    #expect(await backend.faults() == "none")
    await #expect(throws: (any Error).self) { try await backend.failNext(status: 200) }
    await #expect(throws: (any Error).self) { try await backend.setLatency(.seconds(-1)) }
  }

  @Test func anotherUsersCardIsForbidden() async throws {
    try await signIn("guest")
    await #expect(
      throws: CardError.requestErr(message: "card c1 belongs to another user", status: 403)
    ) {
      try await FetchCardDetailUseCase(repository: cards).execute(id: "c1")
    }
  }
}
