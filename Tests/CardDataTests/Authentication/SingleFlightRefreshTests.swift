import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

/// Each test holds the refresh until every request is waiting for it (proactive: all have
/// read the store; reactive: all got their 401), then completes it: the requests pile up
/// behind one refresh however the machine schedules them.
@Suite("Authentication: one refresh for many concurrent requests", .timeLimit(.minutes(1)))
struct SingleFlightRefreshTests {
  static let concurrentRequests = 100

  @Test func aHundredRequestsWithATokenExpiredByTheClockCauseExactlyOneRefreshAndAllSucceed()
    async throws
  {
    let fixture = AuthFixture(expiresIn: -60, accepting: ["access-1"], holdsRefreshes: true)
    let requests = fixture.sendConcurrently(Self.concurrentRequests)
    try await fixture.observed.waitUntilRequestsHaveReadTheStore(Self.concurrentRequests)
    fixture.refresher.completeRefresh()
    let results = await requests.value

    #expect(results.count == Self.concurrentRequests)
    #expect(results.allSatisfy { $0.success?.status == 200 })
    #expect(fixture.refresher.callCount == 1)
    #expect(await fixture.store.refreshCallCount == 1)
    let sent = await fixture.transport.received.map { $0.request.headers["Authorization"] }
    #expect(sent == Array(repeating: "Bearer access-1", count: Self.concurrentRequests))
  }

  @Test func aHundredRequestsWhoseValidLookingTokenTheServerRejectsCauseExactlyOneRefresh()
    async throws
  {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: ["access-1"], holdsRefreshes: true)
    let requests = fixture.sendConcurrently(Self.concurrentRequests)
    try await fixture.transport.waitUntilReceived(Self.concurrentRequests)
    fixture.refresher.completeRefresh()
    let results = await requests.value

    #expect(results.allSatisfy { $0.success?.status == 200 })
    #expect(fixture.refresher.callCount == 1)
    #expect(await fixture.store.refreshCallCount == 1)
    let accepted = fixture.server.seenTokens.filter { $0 == "access-1" }
    #expect(accepted.count == Self.concurrentRequests)
  }

  @Test func aRefusedRefreshFailsEveryWaitingRequestAsSessionExpiredAndClearsTheStore() async throws
  {
    let fixture = AuthFixture(expiresIn: -60, accepting: ["access-1"], holdsRefreshes: true)
    let requests = fixture.sendConcurrently(Self.concurrentRequests)
    try await fixture.observed.waitUntilRequestsHaveReadTheStore(Self.concurrentRequests)
    fixture.refresher.completeRefresh(
      throwing: .requestErr(message: "refresh token revoked", status: 401))
    let results = await requests.value

    #expect(results.count == Self.concurrentRequests)
    #expect(results.allSatisfy { $0.failure == .sessionExpired(reason: "refresh token revoked") })
    #expect(fixture.refresher.callCount == 1)
    #expect(await fixture.store.refreshCallCount == 1)
    #expect(await fixture.store.credential == nil)
    #expect(await fixture.store.clearCount == 1)
    #expect(await fixture.transport.received.isEmpty)
  }

  @Test func aRefusedReactiveRefreshFailsEveryWaitingRequestAsSessionExpired() async throws {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: ["access-1"], holdsRefreshes: true)
    let requests = fixture.sendConcurrently(Self.concurrentRequests)
    try await fixture.transport.waitUntilReceived(Self.concurrentRequests)
    fixture.refresher.completeRefresh(
      throwing: .requestErr(message: "refresh token revoked", status: 401))
    let results = await requests.value

    #expect(results.allSatisfy { $0.failure == .sessionExpired(reason: "refresh token revoked") })
    #expect(fixture.refresher.callCount == 1)
    #expect(await fixture.store.credential == nil)
    #expect(await fixture.store.clearCount == 1)
  }

  @Test func aRefreshThatFailsOnTheNetworkFailsEveryWaiterAndKeepsTheCredential() async throws {
    let fixture = AuthFixture(expiresIn: -60, accepting: ["access-1"], holdsRefreshes: true)
    let requests = fixture.sendConcurrently(Self.concurrentRequests)
    try await fixture.observed.waitUntilRequestsHaveReadTheStore(Self.concurrentRequests)
    fixture.refresher.completeRefresh(throwing: .networkFail(reason: "offline"))
    let results = await requests.value

    #expect(results.allSatisfy { $0.failure == .networkFail(reason: "offline") })
    #expect(fixture.refresher.callCount == 1)
    #expect(await fixture.store.credential?.accessToken == "access-0")
    #expect(await fixture.store.clearCount == 0)
  }
}
