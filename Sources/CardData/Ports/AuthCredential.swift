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
  /// When the access token was issued, if known; it tells the token's lifetime.
  public var issuedAt: Date?

  /// Creates a credential.
  public init(
    userID: String, accessToken: String, refreshToken: String, expiresAt: Date,
    issuedAt: Date? = nil
  ) {
    self.userID = userID
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresAt = expiresAt
    self.issuedAt = issuedAt
  }

  /// Whether the access token expires within `window` of `now` (or already has).
  public func expires(within window: Duration, of now: Date) -> Bool {
    expiresAt.timeIntervalSince(now) <= window.timeInterval
  }

  /// Whether to refresh before use: the token expires within `window`, or within half its
  /// lifetime when that is shorter. A token that lives no longer than the window is thus
  /// used for half its life instead of being refreshed on every request.
  public func needsRefresh(window: Duration, now: Date) -> Bool {
    var seconds = window.timeInterval
    if let issuedAt {
      seconds = min(seconds, expiresAt.timeIntervalSince(issuedAt) / 2)
    }
    return expiresAt.timeIntervalSince(now) <= seconds
  }

  /// Whether the access token still works at `now`.
  public func isValid(at now: Date) -> Bool { expiresAt > now }

  /// The account and expiry; the tokens are redacted.
  public var description: String {
    "AuthCredential(userID: \(userID), tokens: <redacted>, expiresAt: \(expiresAt))"
  }
  /// Same as ``description``.
  public var debugDescription: String { description }
  /// A mirror that shows the account and dates only.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["userID": userID, "expiresAt": expiresAt, "issuedAt": issuedAt as Any])
  }
}
