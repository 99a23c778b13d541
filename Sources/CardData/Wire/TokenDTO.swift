/// The `Token` payload of `login` and `refresh`: a new pair of tokens and the access token's
/// lifetime. Printing it never shows a token.
public struct TokenDTO: Codable, Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The Bearer token for card requests.
  public var accessToken: String
  /// The single-use token that buys the next pair.
  public var refreshToken: String
  /// The access token's lifetime in seconds.
  public var expiresIn: Int

  /// Creates a token payload.
  public init(accessToken: String, refreshToken: String, expiresIn: Int) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresIn = expiresIn
  }

  /// The lifetime only; the tokens are redacted.
  public var description: String {
    "TokenDTO(tokens: <redacted>, expiresIn: \(expiresIn))"
  }
  /// Same as ``description``.
  public var debugDescription: String { description }
  /// A mirror that shows the lifetime only.
  public var customMirror: Mirror { Mirror(self, children: ["expiresIn": expiresIn]) }
}
