import Foundation

/// Tells the time of day; injected so that token expiry can be tested without waiting.
public protocol WallClock: Sendable {
  /// The current date.
  func now() -> Date
}

/// The system's clock.
public struct SystemWallClock: WallClock {
  /// Creates the system clock.
  public init() {}

  /// `Date()`.
  public func now() -> Date { Date() }
}
