import CardPrimitives

/// A monotonic clock that stands still until the test moves it.
package final class FakeInstantClock: Sendable {
  private let current = Protected(ContinuousClock.now)

  package init() {}

  package func now() -> ContinuousClock.Instant { current.withLock { $0 } }

  package func advance(by duration: Duration) { current.withLock { $0 += duration } }
}
