import Foundation

/// Tells the time of day; injected so that token expiry can be tested without waiting.
public protocol WallClock: Sendable {
  func now() -> Date
}

public struct SystemWallClock: WallClock {
  public init() {}
  public func now() -> Date { Date() }
}

/// Waits; injected so that retry delays can be tested without waiting.
public protocol Sleeper: Sendable {
  /// Suspends for `duration`, or throws `CancellationError` as soon as the task is cancelled.
  func sleep(for duration: Duration) async throws(CancellationError)
}

public struct TaskSleeper: Sleeper {
  public init() {}

  public func sleep(for duration: Duration) async throws(CancellationError) {
    do { try await Task.sleep(for: duration) } catch { throw CancellationError() }
  }
}

extension Duration {
  /// In seconds.
  package var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
