import Foundation

/// A clock the tests move by hand.
final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current = Date(timeIntervalSince1970: 1_700_000_000)

  /// The current time.
  var now: Date { lock.withLock { current } }

  /// Moves the clock forward.
  func advance(seconds: TimeInterval) {
    lock.withLock { current = current.addingTimeInterval(seconds) }
  }
}
