import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

@Suite("Authentication: edge cases of refreshing", .timeLimit(.minutes(1)))
struct RefreshEdgeCaseTests {
  private let endpoint = AuthFixture.protected

  @Test func aTokenThatLivesNoLongerThanTheWindowIsUsedForHalfItsLifeNotRefreshedEveryTime()
    async throws
  {
    let fixture = AuthFixture(accepting: ["short", "access-1"])
    let issued = fixture.clock.now()
    await fixture.store.replaceBehindTheScenes(
      with: AuthCredential(
        userID: "demo", accessToken: "short", refreshToken: "r", expiresAt: issued + 120,
        issuedAt: issued))

    for _ in 0..<10 { #expect(try await fixture.client.send(endpoint).status == 200) }
    #expect(fixture.refresher.callCount == 0)

    fixture.clock.advance(by: .seconds(61))
    #expect(try await fixture.client.send(endpoint).status == 200)
    #expect(fixture.refresher.callCount == 1, "refreshed once past half its lifetime")
  }

  @Test func cancellingTheRequestThatStartedARefreshDoesNotLetASecondRefreshStart() async throws {
    let fixture = AuthFixture(expiresIn: -60, holdsRefreshes: true)
    let client = fixture.client
    let creator = Task { await outcome(of: client, endpoint) }
    try await fixture.refresher.waitUntilCalled(1)
    creator.cancel()
    #expect(await creator.value.failure == .cancelled)

    let late = Task { await outcome(of: client, endpoint) }
    fixture.refresher.completeRefresh()
    #expect(try await late.value.get().status == 200)
    #expect(fixture.refresher.callCount == 1)
  }

  @Test(arguments: [408, 429])
  func aRefusalThatSaysNothingAboutTheToken429KeepsTheSession(status: Int) async throws {
    let refusal = CardError.requestErr(message: "slow down", status: status)
    let fixture = AuthFixture(expiresIn: -60, refresherFailure: refusal)
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == refusal)
    #expect(await fixture.store.credential != nil)
  }

  @Test func aRefusedRefreshNeverDeletesACredentialStoredMeanwhileByANewSignIn() async throws {
    let fixture = AuthFixture(expiresIn: -60, holdsRefreshes: true)
    let client = fixture.client
    let request = Task { await outcome(of: client, endpoint) }
    try await fixture.refresher.waitUntilCalled(1)

    // A new sign-in is stored while the refresh is in flight; then the server refuses the
    // old refresh token, and the middleware clears only what it failed to refresh.
    let signedInAgain = credential("access-new-login", expiresIn: 3_600, clock: fixture.clock)
    await fixture.store.replaceBehindTheScenes(with: signedInAgain)
    fixture.refresher.completeRefresh(
      throwing: .requestErr(message: "refresh token revoked", status: 401))

    #expect(await request.value.failure == .sessionExpired(reason: "refresh token revoked"))
    #expect(await fixture.store.credential == signedInAgain)
  }

  @Test func whenAProactiveRefreshFailsOfflineATokenThatStillWorksIsUsed() async throws {
    let fixture = AuthFixture(
      expiresIn: 120, refresherFailure: .networkFail(reason: "offline"))
    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 200)
    #expect(fixture.refresher.callCount == 1)
    #expect(
      await fixture.transport.received.first?.request.headers["Authorization"] == "Bearer access-0")
  }

  @Test func whenTheRefreshFailsOfflineAndTheTokenHasExpiredTheRequestFails() async throws {
    let fixture = AuthFixture(
      expiresIn: -1, refresherFailure: .networkFail(reason: "offline"))
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .networkFail(reason: "offline"))
    #expect(await fixture.transport.received.isEmpty)
  }
}
