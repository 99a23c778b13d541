import CardData
import CardDataTesting
import Testing

/// The refresher over a spy of the `APIClient` port: one anonymous `refresh` endpoint that
/// spends the stale refresh token.
@Suite("API token refresher")
struct APITokenRefresherTests {
  @Test func theRefresherSpendsTheStaleRefreshToken() async throws {
    let client = SpyAPIClient()
    let clock = FakeWallClock()
    let refresher = APITokenRefresher(client: client, clock: clock)
    let stale = AuthCredential(
      userID: "demo", accessToken: "a", refreshToken: "r", expiresAt: clock.now())
    let fresh = try await refresher.refresh(stale)
    #expect(fresh.userID == "demo")
    #expect(fresh.refreshToken == "sample-refresh-token-2")
    #expect(client.sent.map { "\($0.name) \($0.authorization)" } == ["refresh anonymous"])
  }
}
