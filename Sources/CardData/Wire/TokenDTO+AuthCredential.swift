import Foundation

extension TokenDTO {
  /// The session credential for `userID`, whose access token expires `expiresIn` seconds
  /// after `now`.
  ///
  /// Rejects an `expiresIn` of zero or less, and a token that is empty or holds anything
  /// but visible ASCII (it could not be sent in a header field). The error never shows a
  /// token.
  public func credential(userID: String, now: Date) throws(WireMappingError) -> AuthCredential {
    try Self.checkToken(accessToken, field: "accessToken")
    try Self.checkToken(refreshToken, field: "refreshToken")
    guard expiresIn > 0 else {
      throw WireMappingError(
        field: "expiresIn", reason: "token: expiresIn must be positive, not \(expiresIn)")
    }
    return AuthCredential(
      userID: userID,
      accessToken: accessToken,
      refreshToken: refreshToken,
      expiresAt: now.addingTimeInterval(TimeInterval(expiresIn)),
      issuedAt: now
    )
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
}
