import Foundation

extension Duration {
  /// The duration in seconds, for the figures the drills print.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
