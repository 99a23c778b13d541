import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

/// Each repository method sends one endpoint and hands back what it decodes to: tested over a
/// spy of the `APIClient` port that answers with the endpoints' sample replies, no pipeline.
@Suite("Repositories over the API client port")
struct RepositoryTests {
  let client = SpyAPIClient()
  let store = InMemoryCredentialStore()
  let clock = FakeWallClock()

  @Test func eachCardCallSendsItsEndpoint() async throws {
    let cards = RemoteCardRepository(client: client)
    let c1 = try CardID("c1")
    #expect(try await cards.cards().map(\.id.rawValue) == ["c1", "c2"])
    #expect(try await cards.card(id: c1).name == "Kim Minji")
    #expect(try await cards.create(CardDraft(name: "Park Seoyeon")).id.rawValue == "c3")
    #expect(try await cards.reorder([try CardID("c2"), c1]).map(\.id.rawValue) == ["c2", "c1"])
    try await cards.delete(id: c1)
    #expect(
      client.sent.map { "\($0.name) \($0.method) \($0.path)" } == [
        "cardList GET /cards", "cardDetailFetch GET /card/c1", "cardCreation POST /card",
        "cardListEdit PUT /cards", "cardDelete DELETE /card/c1",
      ])
    #expect(client.sent.allSatisfy { $0.authorization == .bearer })
  }

  @Test func aFailureReachesTheCallerUnchanged() async throws {
    let client = SpyAPIClient { _ in .envelope(status: 404, message: "card c9 not found") }
    await #expect(throws: CardError.requestErr(message: "card c9 not found", status: 404)) {
      try await RemoteCardRepository(client: client).card(id: try CardID("c9"))
    }
  }

  @Test func signingInStoresTheCredentialDatedByTheClock() async throws {
    let auth = RemoteAuthRepository(client: client, store: store, clock: clock)
    let user = try await auth.signIn(userID: try UserID("demo"), password: try Password("pw"))
    #expect(user.userID.rawValue == "demo")
    let stored = try #require(await store.credential)
    #expect(stored.userID == "demo")
    #expect(stored.expiresAt == clock.now().addingTimeInterval(3_600))
    #expect(client.sent.map(\.name) == ["login"])
    #expect(client.sent.first?.authorization == .anonymous)
    #expect(try await auth.currentUser() == user)
  }

  @Test func signingOutClearsTheStoreEvenWhenTheServerCannotBeTold() async throws {
    let client = SpyAPIClient { _ in .failure(TransportError(.cannotConnect, "offline")) }
    let auth = RemoteAuthRepository(client: client, store: store, clock: clock)
    await store.replaceBehindTheScenes(
      with: AuthCredential(
        userID: "demo", accessToken: "a", refreshToken: "r", expiresAt: clock.now()))
    #expect(try await auth.signOut() == .signedOut)
    #expect(await store.credential == nil)
    #expect(client.sent.map(\.name) == ["logout"])
  }

  @Test func signingOutSetsAnUnreadableSessionAside() async throws {
    let auth = RemoteAuthRepository(client: client, store: store, clock: clock)
    let tampered = CredentialStoreError(.corrupted, "the sealed file fails authentication")
    await store.makeUnreadable(tampered)
    await #expect(throws: CardError.credentialStorage(reason: tampered.message)) {
      try await auth.currentUser()
    }
    #expect(try await auth.signOut() == .unreadableSessionSetAside(at: "memory"))
    #expect(await store.setAside == [tampered])
    #expect(try await auth.currentUser() == nil)
  }

  @Test func aStoredSessionWithoutAUserIsUnreadable() async throws {
    let auth = RemoteAuthRepository(client: client, store: store, clock: clock)
    await store.replaceBehindTheScenes(
      with: AuthCredential(
        userID: " ", accessToken: "a", refreshToken: "r", expiresAt: clock.now()))
    await #expect(throws: CardError.credentialStorage(reason: "the stored session names no user")) {
      try await auth.currentUser()
    }
  }

  @Test func theRefresherSpendsTheStaleRefreshToken() async throws {
    let refresher = APITokenRefresher(client: client, clock: clock)
    let stale = AuthCredential(
      userID: "demo", accessToken: "a", refreshToken: "r", expiresAt: clock.now())
    let fresh = try await refresher.refresh(stale)
    #expect(fresh.userID == "demo")
    #expect(fresh.refreshToken == "sample-refresh-token-2")
    #expect(client.sent.map { "\($0.name) \($0.authorization)" } == ["refresh anonymous"])
  }
}
