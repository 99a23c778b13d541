import CardData
import Synchronization

/// A sleeper that returns at once and records every delay it was asked to wait, so retry
/// backoff can be checked without waiting. It still honours cancellation.
public final class RecordingSleeper: Sleeper {
  private let recorded = Mutex<[Duration]>([])

  /// Creates a sleeper.
  public init() {}

  /// The delays asked for, in order.
  public var delays: [Duration] { recorded.withLock { $0 } }

  /// Records the delay and returns at once, or throws when the task is cancelled.
  public func sleep(for duration: Duration) async throws(CancellationError) {
    recorded.withLock { $0.append(duration) }
    if Task.isCancelled { throw CancellationError() }
  }
}
