import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

@Suite("Authentication: the excessive-refresh guard")
struct RefreshLimitTests {
  private let endpoint = AuthFixture.protected

  @Test func aServerThatAlwaysAnswers401IsRefreshed5TimesIn30SThenTheGuardStopsIt() async throws {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: [])
    for round in 1...5 {
      let response = try await fixture.client.send(endpoint)
      #expect(response.status == 401)
      #expect(fixture.refresher.callCount == round)
      fixture.clock.advance(by: .seconds(1))
    }

    let stopped = await outcome(of: fixture.client, endpoint)
    #expect(stopped.failure == .stoppedLoop(rejected: 5, window: .seconds(30)))
    #expect(fixture.refresher.callCount == 5)

    // Past the window, refreshing is allowed again.
    fixture.clock.advance(by: .seconds(30))
    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 401)
    #expect(fixture.refresher.callCount == 6)
  }

  @Test func theWindowSlidesOnlyRefreshesWithinTheLast30SCount() async throws {
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
        == .stoppedLoop(rejected: 5, window: .seconds(30)))
    #expect(fixture.refresher.callCount == 6)
  }

  /// Issue 9: a server issuing one-second tokens, used every 0.7 s, was stopped after five
  /// proactive refreshes although it rejected nothing.
  @Test func proactiveRefreshesOfShortLivedTokensNeverTripTheGuardHoweverFrequent() async throws {
    let accepted = Set((1...60).map { "access-\($0)" })
    let fixture = AuthFixture(expiresIn: 1, accepting: accepted, issuedLifetime: 1)
    for _ in 1...50 {
      fixture.clock.advance(by: .milliseconds(700))
      #expect(try await fixture.client.send(endpoint).status == 200)
    }
    #expect(fixture.refresher.callCount == 50)
  }

  /// A server that ends each token after it worked once, as `sandbox expire-token` does
  /// between commands: each refresh is answered by a token that works, so there is no loop.
  @Test func tokensThatStopWorkingAfterTheyWorkedNeverTripTheGuardHoweverOften() async throws {
    var accepted = Set((0...60).map { "access-\($0)" })
    let fixture = AuthFixture(accepting: accepted)
    for round in 0..<50 {
      #expect(try await fixture.client.send(endpoint).status == 200)
      accepted.remove("access-\(round)")
      fixture.server.accept(only: accepted)
    }
    #expect(fixture.refresher.callCount == 49)
  }

  @Test func aServerThatIssuesTokensAlreadyExpiredIsStoppedSayingSo() async throws {
    let fixture = AuthFixture(expiresIn: -60, accepting: [], issuedLifetime: 0)
    // Three refreshes: before sending, after the 401, and before sending the retry, whose 401
    // is a fourth sign.
    #expect(try await fixture.client.send(endpoint).status == 401)
    #expect(fixture.refresher.callCount == 3)
    let stopped = await outcome(of: fixture.client, endpoint)
    #expect(stopped.failure == .stoppedLoop(rejected: 1, expired: 4, window: .seconds(30)))
    #expect(fixture.refresher.callCount == 4)
  }

  @Test func tokensRejectedAndTokensIssuedExpiredCountTogetherAndTheReasonSaysBoth() async throws {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: [], issuedLifetime: 0)
    #expect(try await fixture.client.send(endpoint).status == 401)
    let stopped = await outcome(of: fixture.client, endpoint)
    #expect(stopped.failure == .stoppedLoop(rejected: 1, expired: 4, window: .seconds(30)))
    #expect(fixture.refresher.callCount == 4)
  }

  @Test func theDefaultLimitIsFiveRefreshesInThirtySeconds() {
    #expect(RefreshLimit() == RefreshLimit(maximum: 5, window: .seconds(30)))
  }
}

extension CardError {
  /// What the loop guard ends a session with: `rejected` tokens refused on the request sent
  /// again with them, `expired` tokens issued already expired.
  static func stoppedLoop(rejected: Int = 0, expired: Int = 0, window: Duration) -> CardError {
    func tokens(_ count: Int) -> String { count == 1 ? "1 token" : "\(count) tokens" }
    var signs: [String] = []
    if rejected > 0 { signs.append("rejected \(tokens(rejected)) right after issuing them") }
    if expired > 0 { signs.append("issued \(tokens(expired)) already expired") }
    return .sessionExpired(
      reason: "stopped refreshing: within \(window) the server "
        + signs.joined(separator: " and "))
  }
}
