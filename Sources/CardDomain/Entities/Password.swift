/// A password that never shows itself: printing, interpolating or dumping it yields
/// `<redacted>`. Read ``revealed`` only where the password is sent.
public struct Password: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The password itself.
  public let revealed: String

  /// Wraps a password; an empty one is rejected.
  public init(_ revealed: String) throws(ValidationError) {
    guard !revealed.isEmpty else { throw .emptyPassword }
    self.revealed = revealed
  }

  /// Always `<redacted>`.
  public var description: String { "<redacted>" }
  /// Always `<redacted>`.
  public var debugDescription: String { "<redacted>" }
  /// A mirror with no children, so `dump` shows nothing secret.
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}
