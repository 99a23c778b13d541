import CardDomain
import Foundation

/// The `Token` payload of `login` and `refresh`: a new pair of tokens and the access token's
/// lifetime in seconds. Printing it never shows a token.
package struct TokenDTO: Codable, Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  package var accessToken: String
  package var refreshToken: String
  package var expiresIn: Int

  /// The credential for `userID`, expiring `expiresIn` seconds after `now`. Rejects an
  /// `expiresIn` of zero or less, and a token that is empty or holds anything but visible
  /// ASCII (a newline could inject a header); the error never shows a token.
  package func credential(userID: String, now: Date) throws(WireMappingError) -> AuthCredential {
    try Self.checkToken(accessToken, field: "accessToken")
    try Self.checkToken(refreshToken, field: "refreshToken")
    guard expiresIn > 0 else {
      throw WireMappingError(
        field: "expiresIn", reason: "token: expiresIn must be positive, not \(expiresIn)")
    }
    return AuthCredential(
      userID: userID, accessToken: accessToken, refreshToken: refreshToken,
      expiresAt: now.addingTimeInterval(TimeInterval(expiresIn)), issuedAt: now)
  }

  private static func checkToken(_ token: String, field: String) throws(WireMappingError) {
    guard !token.isEmpty else {
      throw WireMappingError(field: field, reason: "token: \(field) must not be empty")
    }
    guard token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      throw WireMappingError(
        field: field, reason: "token: \(field) must hold visible ASCII characters only")
    }
  }

  package var description: String { "TokenDTO(tokens: <redacted>, expiresIn: \(expiresIn))" }
  package var debugDescription: String { description }
  package var customMirror: Mirror { Mirror(self, children: ["expiresIn": expiresIn]) }
}

/// The body of `login`, `{"userId": "...", "password": "..."}`; the password appears only in
/// the encoded bytes, never when printed.
package struct LoginRequestDTO: Encodable, Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  package var userId: String
  package var password: Password

  package init(userID: UserID, password: Password) {
    self.userId = userID.rawValue
    self.password = password
  }

  private enum CodingKeys: String, CodingKey { case userId, password }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(userId, forKey: .userId)
    try container.encode(password.revealed, forKey: .password)
  }

  package var description: String { "LoginRequestDTO(userId: \(userId), password: <redacted>)" }
  package var debugDescription: String { description }
  package var customMirror: Mirror { Mirror(self, children: ["userId": userId]) }
}

/// The body of `refresh`, `{"refreshToken": "..."}`; printing it never shows the token.
package struct RefreshRequestDTO: Encodable, Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  package var refreshToken: String

  package init(refreshToken: String) { self.refreshToken = refreshToken }

  package var description: String { "RefreshRequestDTO(refreshToken: <redacted>)" }
  package var debugDescription: String { description }
  package var customMirror: Mirror { Mirror(self, children: [:]) }
}
