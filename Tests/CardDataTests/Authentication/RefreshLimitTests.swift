import CardData
import CardDomain
import CardTestSupport
import Foundation
import Testing

@Suite("Authentication interceptor: the excessive-refresh guard")
struct RefreshLimitTests {
  private let endpoint = AuthFixture.protected

  @Test("a server that always answers 401 is refreshed 5 times in 30 s, then the guard stops it")
  func guardStopsLoop() async throws {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: [])
    for round in 1...5 {
      let response = try await fixture.client.send(endpoint)
      #expect(response.status == 401)
      #expect(fixture.refresher.callCount == round)
      fixture.clock.advance(by: .seconds(1))
    }

    let stopped = await outcome(of: fixture.client, endpoint)
    #expect(stopped.failure == .stoppedLoop(count: 5, window: .seconds(30)))
    #expect(fixture.refresher.callCount == 5)

    // Past the window, refreshing is allowed again.
    fixture.clock.advance(by: .seconds(30))
    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 401)
    #expect(fixture.refresher.callCount == 6)
  }

  @Test("the window slides: only refreshes within the last 30 s count")
  func slidingWindow() async throws {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: [])
    let start = fixture.clock.now()
    func at(_ seconds: TimeInterval) { fixture.clock.set(start.addingTimeInterval(seconds)) }

    for second in [0, 10, 20, 21, 22] as [TimeInterval] {
      at(second)
      #expect(try await fixture.client.send(endpoint).status == 401)
    }
    at(29)
    #expect(await outcome(of: fixture.client, endpoint).failure != nil)
    at(30)  // the refresh at 0 s has left the window
    #expect(try await fixture.client.send(endpoint).status == 401)
    at(31)
    #expect(
      await outcome(of: fixture.client, endpoint).failure
        == .stoppedLoop(count: 5, window: .seconds(30)))
    #expect(fixture.refresher.callCount == 6)
  }

  @Test("the guard also stops proactive refreshes, before anything is sent")
  func guardStopsProactiveLoop() async throws {
    let fixture = AuthFixture(expiresIn: 10, accepting: ["access-1", "access-2", "access-3"])
    // A window longer than the refresher's one-hour credentials: every request refreshes.
    let authenticator = AuthenticationInterceptor(
      store: fixture.store, refresher: fixture.refresher, clock: fixture.clock,
      refreshWindow: .seconds(7_200), refreshLimit: RefreshLimit(maximum: 3, window: .seconds(60)))
    let client = fixture.client.with(interceptor: Interceptor([authenticator]))
    for _ in 1...3 { _ = try await client.send(endpoint) }
    #expect(fixture.refresher.callCount == 3)

    let stopped = await outcome(of: client, endpoint)
    #expect(stopped.failure == .stoppedLoop(count: 3, window: .seconds(60)))
    #expect(await fixture.transport.received.count == 3)
  }

  @Test func theDefaultLimitIsFiveRefreshesInThirtySeconds() {
    #expect(RefreshLimit() == RefreshLimit(maximum: 5, window: .seconds(30)))
  }
}

extension CardError {
  /// What the loop guard ends a session with.
  static func stoppedLoop(count: Int, window: Duration) -> CardError {
    .sessionExpired(
      reason: "stopped after \(count) token refreshes within \(window); the server keeps "
        + "rejecting fresh tokens")
  }
}
