import CardData
import CardTestSupport
import Foundation
import Synchronization
import Testing

@Suite("Authentication interceptor: cancelling a request that waits for a refresh")
struct CancelledRefreshWaitTests {
  @Test("the cancelled request ends at once; the refresh goes on for the others")
  func cancelledWaiterEndsWhileRefreshContinues() async throws {
    let fixture = AuthFixture(expiresIn: -60, refresherDelay: .milliseconds(600))
    let client = fixture.client
    let others = Finished()

    let other = Task {
      let result = await outcome(of: client, AuthFixture.protected)
      others.mark()
      return result
    }
    #expect(await eventually { fixture.refresher.callCount == 1 })
    let cancelled = Task { await outcome(of: client, AuthFixture.protected) }
    try await Task.sleep(for: .milliseconds(20))
    cancelled.cancel()

    #expect(await cancelled.value.failure == .cancelled)
    #expect(!others.isFinished, "the cancelled request did not wait for the refresh to finish")
    #expect(try await other.value.get().status == 200)
    #expect(fixture.refresher.callCount == 1)
  }
}

/// Records that something finished, readable from any task.
private final class Finished: Sendable {
  private let flag = Mutex(false)
  var isFinished: Bool { flag.withLock { $0 } }
  func mark() { flag.withLock { $0 = true } }
}
