/// The account name a user signs in with, such as `demo`: trimmed of surrounding white space,
/// never blank.
public struct UserID: Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(_ rawValue: String) throws(ValidationError) {
    let trimmed = String(rawValue.trimmingWhitespace)
    guard !trimmed.isEmpty else { throw .emptyUserID }
    self.rawValue = trimmed
  }

  public var description: String { rawValue }
}

/// A non-empty password that never shows itself: printing, interpolating or dumping it yields
/// `<redacted>`. Read ``revealed`` only where the password is sent.
public struct Password: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  public let revealed: String

  public init(_ revealed: String) throws(ValidationError) {
    guard !revealed.isEmpty else { throw .emptyPassword }
    self.revealed = revealed
  }

  public var description: String { "<redacted>" }
  public var debugDescription: String { "<redacted>" }
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// The signed-in user as the domain sees it: who, never the tokens that prove it.
public struct SignedInUser: Hashable, Sendable, CustomStringConvertible {
  public let userID: UserID

  public init(userID: UserID) { self.userID = userID }

  public var description: String { userID.rawValue }
}
