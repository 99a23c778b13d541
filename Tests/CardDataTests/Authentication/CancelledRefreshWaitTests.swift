import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

@Suite("Authentication: cancelling a request that waits for a refresh", .timeLimit(.minutes(1)))
struct CancelledRefreshWaitTests {
  @Test func theCancelledRequestEndsAtOnceTheRefreshGoesOnForTheOthers() async throws {
    let fixture = AuthFixture(expiresIn: -60, holdsRefreshes: true)
    let client = fixture.client

    let other = Task { await outcome(of: client, AuthFixture.protected) }
    try await fixture.refresher.waitUntilCalled(1)
    let cancelled = Task {
      await RequestNumber.$current.withValue(1) { await outcome(of: client, AuthFixture.protected) }
    }
    try await fixture.observed.waitUntilRequestsHaveReadTheStore(1)
    cancelled.cancel()

    // The refresh is still held, so the cancelled request cannot have waited for it.
    #expect(await cancelled.value.failure == .cancelled)
    fixture.refresher.completeRefresh()
    #expect(try await other.value.get().status == 200)
    #expect(fixture.refresher.callCount == 1)
  }
}
