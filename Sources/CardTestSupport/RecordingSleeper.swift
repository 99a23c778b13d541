import CardData
import CardPrimitives

/// A sleeper that records every delay it was asked to wait, so retry backoff can be checked
/// without waiting.
///
/// By default it returns at once. Made with `holdsEverySleep`, it instead holds each sleep
/// until the sleeping task is cancelled, as a very long delay would, and
/// ``waitUntilAsked(_:)`` tells the test when the pipeline has started waiting.
public final class RecordingSleeper: Sleeper {
  private let recorded = Protected<[Duration]>([])
  private let asked = Tally()
  private let holdsEverySleep: Bool

  /// Creates a sleeper that returns at once, or holds every sleep until it is cancelled.
  public init(holdsEverySleep: Bool = false) { self.holdsEverySleep = holdsEverySleep }

  /// The delays asked for, in order.
  public var delays: [Duration] { recorded.withLock { $0 } }

  /// Returns once `count` sleeps have been asked for in all.
  public func waitUntilAsked(_ count: Int) async throws(CancellationError) {
    try await asked.wait(forAtLeast: count)
  }

  /// Records the delay, then returns at once or holds; throws when the task is cancelled.
  public func sleep(for duration: Duration) async throws(CancellationError) {
    recorded.withLock { $0.append(duration) }
    asked.increment()
    if holdsEverySleep { try await Gate().wait() }
    if Task.isCancelled { throw CancellationError() }
  }
}
