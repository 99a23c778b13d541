import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

@Suite(
  "Authentication: a failed refresh is shared only with its own requests", .timeLimit(.minutes(1)))
struct StaleFailureTests {
  private let endpoint = AuthFixture.protected

  /// Issue 9: a refresh that failed offline was remembered, and every later 401 to the same
  /// credential got that old error instead of a refresh, long after the network came back.
  @Test func aRequestThatBeginsAfterARefreshFailedOfflineRefreshesAgainNotTheOldError() async throws
  {
    let fixture = AuthFixture(
      expiresIn: 3_600, accepting: ["access-2"],
      refresherFailure: .networkFail(reason: "offline"))
    let first = await outcome(of: fixture.client, endpoint)
    #expect(first.failure == .networkFail(reason: "offline"))

    fixture.refresher.setFailure(nil)
    let second = await outcome(of: fixture.client, endpoint)
    #expect(second.success?.status == 200)
    #expect(fixture.refresher.callCount == 2)
  }

  @Test func requestsRejectedBeforeARefreshFailedOfflineAllShareThatFailureOneRefresh() async throws
  {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: ["access-1"], holdsRefreshes: true)
    let requests = fixture.sendConcurrently(20)
    try await fixture.transport.waitUntilReceived(20)
    fixture.refresher.completeRefresh(throwing: .networkFail(reason: "offline"))
    let results = await requests.value

    #expect(results.allSatisfy { $0.failure == .networkFail(reason: "offline") })
    #expect(fixture.refresher.callCount == 1)
  }
}
