import Foundation

/// The live tokens, each belonging to a login session. Refreshing rotates: the single-use
/// refresh token is spent and a new pair issued in the same session, while earlier access
/// tokens keep working until they expire. Logout ends the session and all of its tokens.
struct SessionStore: Codable, Sendable {
  /// Access tokens expired for longer than this are forgotten when a new pair is issued;
  /// until then they answer "expired" rather than "not valid".
  private static let expiredTokenMemory: TimeInterval = 24 * 60 * 60

  private(set) var accessTokens: [String: AccessGrant] = [:]
  private(set) var refreshTokens: [String: RefreshGrant] = [:]

  mutating func startSession(for userId: String, now: Date, lifetime: Int) -> TokenPair {
    issue(for: userId, sessionId: Self.token(prefix: "s_"), now: now, lifetime: lifetime)
  }

  /// `401` when the token is unknown or expired.
  func grant(forAccessToken token: String, now: Date) throws(APIError) -> AccessGrant {
    guard let grant = accessTokens[token] else {
      throw .unauthorized("the access token is not valid; log in again")
    }
    guard now < grant.expiresAt else {
      throw .unauthorized("the access token has expired; refresh it or log in again")
    }
    return grant
  }

  /// `401` when the token is unknown, already used or revoked.
  mutating func rotate(refreshToken token: String, now: Date, lifetime: Int) throws(APIError)
    -> TokenPair
  {
    guard let grant = refreshTokens.removeValue(forKey: token) else {
      throw .unauthorized("the refresh token is not valid: it is unknown, used or revoked")
    }
    return issue(for: grant.userId, sessionId: grant.sessionId, now: now, lifetime: lifetime)
  }

  mutating func endSession(_ sessionId: String) {
    accessTokens = accessTokens.filter { $0.value.sessionId != sessionId }
    refreshTokens = refreshTokens.filter { $0.value.sessionId != sessionId }
  }

  mutating func expireAccessTokens(now: Date) {
    accessTokens = accessTokens.mapValues { grant in
      var expired = grant
      expired.expiresAt = min(grant.expiresAt, now)
      return expired
    }
  }

  mutating func revokeRefreshTokens() {
    refreshTokens.removeAll()
  }

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
      accessToken: Self.token(prefix: "at_"),
      refreshToken: Self.token(prefix: "rt_"),
      expiresIn: lifetime)
    accessTokens[pair.accessToken] = AccessGrant(
      userId: userId, sessionId: sessionId,
      expiresAt: now.addingTimeInterval(TimeInterval(lifetime)))
    refreshTokens[pair.refreshToken] = RefreshGrant(userId: userId, sessionId: sessionId)
    return pair
  }

  /// Opaque: a prefix (`at_`, `rt_`, or `s_` for session ids, which no client sees) and 32
  /// bytes from the system's secure generator, base64url without padding.
  private static func token(prefix: String) -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let base64 = Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
    return prefix + base64
  }
}

struct AccessGrant: Codable, Sendable, Equatable {
  let userId: String
  let sessionId: String
  /// The moment from which the token is refused.
  var expiresAt: Date
}

struct RefreshGrant: Codable, Sendable, Equatable {
  let userId: String
  let sessionId: String
}
