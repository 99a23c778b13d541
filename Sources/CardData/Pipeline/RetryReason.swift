/// Why a request was retried; retriers count their own reasons to enforce their limits.
public struct RetryReason: Hashable, Sendable, CustomStringConvertible {
  /// A short name, such as `authentication`.
  public let name: String

  /// Creates a reason.
  public init(_ name: String) { self.name = name }

  /// The credential was refreshed (or had been) after a 401.
  public static let authentication = RetryReason("authentication")
  /// A transient failure: timeout, dropped connection, 408 or 5xx.
  public static let transientFailure = RetryReason("transientFailure")

  /// The name.
  public var description: String { name }
}
