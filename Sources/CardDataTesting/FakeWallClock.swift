import CardData
import CardPrimitives
import Foundation

/// A clock that stands still until a test moves it.
public final class FakeWallClock: WallClock {
  private let current: Protected<Date>

  /// By default a fixed moment in 2026.
  public init(_ date: Date = Date(timeIntervalSince1970: 1_790_000_000)) {
    current = Protected(date)
  }

  public func now() -> Date { current.withLock { $0 } }

  public func advance(by duration: Duration) {
    let (seconds, attoseconds) = duration.components
    current.withLock { $0 += TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18 }
  }

  public func set(_ date: Date) { current.withLock { $0 = date } }
}
