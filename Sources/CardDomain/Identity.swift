/// The account name a user signs in with, such as `demo`.
public struct UserID: Hashable, Sendable, CustomStringConvertible {
  /// The account name as typed, with no surrounding whitespace.
  public let rawValue: String

  /// Wraps an account name; an empty or blank one is rejected.
  public init(_ rawValue: String) throws(ValidationError) {
    let trimmed = String(rawValue.trimmingWhitespace)
    guard !trimmed.isEmpty else { throw .emptyUserID }
    self.rawValue = trimmed
  }

  /// The account name.
  public var description: String { rawValue }
}

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

/// The signed-in user as the domain sees it: who, never the tokens that prove it.
public struct SignedInUser: Hashable, Sendable, CustomStringConvertible {
  /// The account that is signed in.
  public let userID: UserID

  public init(userID: UserID) { self.userID = userID }

  /// The account name.
  public var description: String { userID.rawValue }
}
