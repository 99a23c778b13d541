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
