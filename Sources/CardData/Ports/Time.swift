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

extension TimeInterval {
  /// Whole minutes from two on as `5 min`, anything else in seconds with at most three
  /// decimals, as `30 s` or `0.7 s`.
  package var spokenDuration: String {
    if self >= 120, truncatingRemainder(dividingBy: 60) == 0 {
      return "\(Int(self / 60)) min"
    }
    let milliseconds = (self * 1000).rounded()
    if milliseconds.truncatingRemainder(dividingBy: 1000) == 0 {
      return "\(Int(milliseconds / 1000)) s"
    }
    return "\(milliseconds / 1000) s"
  }
}
