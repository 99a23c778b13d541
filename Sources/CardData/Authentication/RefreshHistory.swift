import Foundation

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
