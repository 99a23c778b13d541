import CardPrimitives
import CardTestingPrimitives

/// A latency the test controls: ``hold(_:)``, passed to a sandbox as its `sleep`, records and
/// counts each wait in ``entered``, then holds it until the test opens ``release``. A latency
/// that is never released ends only when the request's task is cancelled, as a very long one
/// would.
final class ControlledLatency: Sendable {
  /// Counts the waits begun: once it reaches one, a request is inside its latency.
  let entered = Tally()
  /// Ends every wait, begun or to come, once the test opens it.
  let release = Gate()
  private let asked = Protected<[Duration]>([])

  /// The latencies the sandbox asked to wait out, in order.
  var durations: [Duration] { asked.withLock { $0 } }

  /// Records `duration`, then waits for ``release``; throws `CancellationError` when the
  /// task is cancelled first.
  func hold(_ duration: Duration) async throws {
    asked.withLock { $0.append(duration) }
    entered.increment()
    try await release.wait()
  }
}
