import Foundation

/// The live tokens: access tokens with their expiry and single-use refresh tokens, each
/// belonging to a login session.
///
/// Refreshing rotates: the used refresh token is removed and a new pair is issued in the
/// same session, while earlier access tokens keep working until they expire. Logout ends
/// the session, removing all of its tokens.
struct SessionStore: Codable, Sendable {
  /// Access tokens expired for longer than this are forgotten when a new pair is issued;
  /// until then they answer "expired" rather than "not valid".
  private static let expiredTokenMemory: TimeInterval = 24 * 60 * 60

  private(set) var accessTokens: [String: AccessGrant] = [:]
  private(set) var refreshTokens: [String: RefreshGrant] = [:]

  /// Starts a session for `userId` and issues its first token pair.
  mutating func startSession(for userId: String, now: Date, lifetime: Int) -> TokenPair {
    issue(
      for: userId, sessionId: TokenIssuer.token(prefix: TokenIssuer.sessionPrefix), now: now,
      lifetime: lifetime)
  }

  /// The grant of a live access token; `401` when it is unknown or expired.
  func grant(forAccessToken token: String, now: Date) throws(APIError) -> AccessGrant {
    guard let grant = accessTokens[token] else {
      throw .unauthorized("the access token is not valid; log in again")
    }
    guard now < grant.expiresAt else {
      throw .unauthorized("the access token has expired; refresh it or log in again")
    }
    return grant
  }

  /// Uses up `refreshToken` and issues a new pair in its session; `401` when the token is
  /// unknown, already used or revoked.
  mutating func rotate(refreshToken token: String, now: Date, lifetime: Int) throws(APIError)
    -> TokenPair
  {
    guard let grant = refreshTokens.removeValue(forKey: token) else {
      throw .unauthorized("the refresh token is not valid: it is unknown, used or revoked")
    }
    return issue(for: grant.userId, sessionId: grant.sessionId, now: now, lifetime: lifetime)
  }

  /// Removes every token of the session.
  mutating func endSession(_ sessionId: String) {
    accessTokens = accessTokens.filter { $0.value.sessionId != sessionId }
    refreshTokens = refreshTokens.filter { $0.value.sessionId != sessionId }
  }

  /// Makes every access token expire at `now` at the latest.
  mutating func expireAccessTokens(now: Date) {
    accessTokens = accessTokens.mapValues { grant in
      var expired = grant
      expired.expiresAt = min(grant.expiresAt, now)
      return expired
    }
  }

  /// Removes every refresh token; access tokens live on until they expire.
  mutating func revokeRefreshTokens() {
    refreshTokens.removeAll()
  }

  /// Why the store cannot belong to a state whose users are `userIds`, or `nil`.
  func inconsistency(users userIds: Set<String>) -> String? {
    let owners = accessTokens.values.map(\.userId) + refreshTokens.values.map(\.userId)
    return owners.first { !userIds.contains($0) }.map { "a token belongs to unknown user \($0)" }
  }

  private mutating func issue(for userId: String, sessionId: String, now: Date, lifetime: Int)
    -> TokenPair
  {
    let forgetBefore = now.addingTimeInterval(-Self.expiredTokenMemory)
    accessTokens = accessTokens.filter { $0.value.expiresAt > forgetBefore }
    let pair = TokenPair(
      accessToken: TokenIssuer.token(prefix: TokenIssuer.accessPrefix),
      refreshToken: TokenIssuer.token(prefix: TokenIssuer.refreshPrefix),
      expiresIn: lifetime)
    accessTokens[pair.accessToken] = AccessGrant(
      userId: userId, sessionId: sessionId,
      expiresAt: now.addingTimeInterval(TimeInterval(lifetime)))
    refreshTokens[pair.refreshToken] = RefreshGrant(userId: userId, sessionId: sessionId)
    return pair
  }
}

/// What an access token grants: a user, in a session, until a moment.
struct AccessGrant: Codable, Sendable, Equatable {
  let userId: String
  /// The login session the token belongs to; logout ends every token of it.
  let sessionId: String
  /// The moment from which the token is refused.
  var expiresAt: Date
}

/// What a refresh token grants: one new token pair for a user's session.
struct RefreshGrant: Codable, Sendable, Equatable {
  let userId: String
  let sessionId: String
}

/// Makes opaque random tokens: a prefix and 32 bytes from the system's secure generator,
/// base64url without padding, such as `at_Jm3q…` (46 characters in all).
enum TokenIssuer {
  static let accessPrefix = "at_"
  static let refreshPrefix = "rt_"
  /// Session ids are never sent to a client.
  static let sessionPrefix = "s_"

  static func token(prefix: String) -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let base64 = Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
    return prefix + base64
  }
}
