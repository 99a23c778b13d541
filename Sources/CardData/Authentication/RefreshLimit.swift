import Foundation

/// Stops a refresh loop: at most `maximum` refreshes within any `window`.
public struct RefreshLimit: Hashable, Sendable {
  /// The most refreshes allowed within ``window``.
  public var maximum: Int
  /// The sliding window.
  public var window: Duration

  /// Creates a limit; by default 5 refreshes in 30 seconds.
  public init(maximum: Int = 5, window: Duration = .seconds(30)) {
    self.maximum = maximum
    self.window = window
  }
}

/// The refresh times inside the current window.
struct RefreshHistory {
  private var times: [Date] = []

  /// Records a refresh at `now`, or throws when that would exceed `limit`.
  mutating func record(at now: Date, within limit: RefreshLimit) throws(PipelineError) {
    let windowSeconds = limit.window.timeInterval
    times.removeAll { now.timeIntervalSince($0) >= windowSeconds }
    guard times.count < limit.maximum else {
      throw .refreshLimitExceeded(count: times.count, window: limit.window)
    }
    times.append(now)
  }
}
