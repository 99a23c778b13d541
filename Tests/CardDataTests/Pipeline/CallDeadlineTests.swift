import CardDataTesting
import CardDomain
import CardPrimitives
import Foundation
import Testing

@testable import CardData

@Suite("The call deadline covers every attempt and every delay")
struct CallDeadlineTests {
  private let clock = FakeWallClock()
  private let sleeper = RecordingSleeper()

  /// A server that answers each attempt after `attemptTakes` on the fake clock, with the
  /// statuses in turn, the last one for good.
  private func transport(attemptTakes: Duration, statuses: [Int]) -> StubTransport {
    let answered = Protected(0)
    return StubTransport { [clock] _ in
      clock.advance(by: attemptTakes)
      let index = answered.withLock { count in
        defer { count += 1 }
        return min(count, statuses.count - 1)
      }
      return .status(statuses[index])
    }
  }

  private func client(_ transport: StubTransport, base: Duration) -> RequestPipeline {
    RequestPipeline(
      baseURL: testBaseURL, transport: transport,
      middleware: [CallDeadline(base: base), RetryPolicy()], sleeper: sleeper, clock: clock)
  }

  @Test func eachAttemptMayTakeWhatIsLeftOfTheDeadline() async throws {
    let transport = transport(attemptTakes: .seconds(6), statuses: [503, 200])

    let result = await outcome(of: client(transport, base: .seconds(10)), TestEndpoint.make())

    #expect(result.success?.status == 200)
    let limits = await transport.received.map(\.request.timeLimit)
    #expect(limits == [.seconds(10), .seconds(4)])
  }

  /// The second 503 comes at 12 s: a retry now would start after the 10 s deadline.
  @Test func waitsForNoRetryThatWouldEndAfterTheDeadline() async throws {
    let transport = transport(attemptTakes: .seconds(6), statuses: [503])

    let result = await outcome(of: client(transport, base: .seconds(10)), TestEndpoint.make())

    #expect(
      result.failure
        == .networkFail(
          reason: "no reply within 10 s, the call's deadline (2 attempts; the last: status 503)"
        ))
    #expect(sleeper.delays == [.milliseconds(500)])
    #expect(await transport.received.count == 2)
  }

  /// The first attempt leaves 0.5 s, which the first retry delay would use up.
  @Test func stopsBeforeADelayThatReachesTheDeadline() async throws {
    let transport = transport(attemptTakes: .milliseconds(9_500), statuses: [503])

    let result = await outcome(of: client(transport, base: .seconds(10)), TestEndpoint.make())

    #expect(
      result.failure
        == .networkFail(
          reason: "no reply within 10 s, the call's deadline (1 attempt; the last: status 503)"))
    #expect(sleeper.delays.isEmpty)
  }

  @Test func aBodyBuysTimeByItsSize() {
    let deadline = CallDeadline()
    #expect(deadline.limit(forBodyOf: 0) == .seconds(20))
    #expect(deadline.limit(forBodyOf: 10 << 20) == .seconds(100))
    #expect(deadline.limit(forBodyOf: 512 << 10) == .seconds(24))
  }
}
