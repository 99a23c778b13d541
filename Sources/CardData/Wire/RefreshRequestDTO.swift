/// The body of `refresh`: `{"refreshToken": "..."}`. Printing it never shows the token.
public struct RefreshRequestDTO: Codable, Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The single-use refresh token being spent.
  public var refreshToken: String

  /// Creates the body for a refresh token.
  public init(refreshToken: String) { self.refreshToken = refreshToken }

  /// Always `RefreshRequestDTO(refreshToken: <redacted>)`.
  public var description: String { "RefreshRequestDTO(refreshToken: <redacted>)" }
  /// Same as ``description``.
  public var debugDescription: String { description }
  /// A mirror with no children, so `dump` shows nothing secret.
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}
