import Foundation

/// The tokens that prove a session, with the account they belong to and when the access
/// token expires. Printing it never shows a token.
public struct AuthCredential: Hashable, Sendable, Codable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The account the tokens were issued to.
  public var userID: String
  /// The Bearer token sent with every card request.
  public var accessToken: String
  /// The single-use token that buys a new pair.
  public var refreshToken: String
  /// When the access token stops working.
  public var expiresAt: Date

  /// Creates a credential.
  public init(userID: String, accessToken: String, refreshToken: String, expiresAt: Date) {
    self.userID = userID
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresAt = expiresAt
  }

  /// Whether the access token expires within `window` of `now` (or already has).
  public func expires(within window: Duration, of now: Date) -> Bool {
    expiresAt.timeIntervalSince(now) <= window.timeInterval
  }

  /// The account and expiry; the tokens are redacted.
  public var description: String {
    "AuthCredential(userID: \(userID), tokens: <redacted>, expiresAt: \(expiresAt))"
  }
  /// Same as ``description``.
  public var debugDescription: String { description }
  /// A mirror that shows the account and expiry only.
  public var customMirror: Mirror {
    Mirror(self, children: ["userID": userID, "expiresAt": expiresAt])
  }
}

extension Duration {
  /// The duration in seconds, as a `TimeInterval`.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
