import Foundation

/// The live tokens, each belonging to a login session. Refreshing rotates: the single-use
/// refresh token is spent and a new pair issued in the same session, while earlier access
/// tokens keep working until they expire. Logout ends the session and all of its tokens.
///
/// A spent refresh token stays reusable for a short interval after its rotation, while the
/// refresh token that replaced it is still unused: a client killed before it stored the reply
/// can ask again and is not signed out (docs/contract-decisions.md).
struct SessionStore: Codable, Sendable {
  /// Access tokens expired for longer than this are forgotten when a new pair is issued;
  /// until then they answer "expired" rather than "not valid".
  private static let expiredTokenMemory: TimeInterval = 24 * 60 * 60

  private(set) var accessTokens: [String: AccessGrant] = [:]
  private(set) var refreshTokens: [String: RefreshGrant] = [:]
  /// Spent refresh tokens still inside their reuse interval, by token.
  private(set) var spentRefreshTokens: [String: SpentRefreshGrant] = [:]

  init() {}

  /// State files written before the reuse interval existed have no spent refresh tokens.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    accessTokens = try container.decode([String: AccessGrant].self, forKey: .accessTokens)
    refreshTokens = try container.decode([String: RefreshGrant].self, forKey: .refreshTokens)
    spentRefreshTokens =
      try container.decodeIfPresent(
        [String: SpentRefreshGrant].self, forKey: .spentRefreshTokens) ?? [:]
  }

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

  /// `401` when the token is unknown, revoked, or was used before: longer ago than
  /// `reuseInterval`, or its successor has been used too. Reused within the interval, it
  /// answers the successor refresh token with a new access token.
  mutating func rotate(
    refreshToken token: String, now: Date, lifetime: Int, reuseInterval: TimeInterval
  ) throws(APIError) -> TokenPair {
    forgetSpentRefreshTokens(now: now)
    if let spent = spentRefreshTokens[token] {
      return reissue(after: spent, now: now, lifetime: lifetime)
    }
    guard let grant = refreshTokens.removeValue(forKey: token) else {
      throw .unauthorized("the refresh token is not valid: it is unknown, used or revoked")
    }
    let pair = issue(for: grant.userId, sessionId: grant.sessionId, now: now, lifetime: lifetime)
    if reuseInterval > 0 {
      spentRefreshTokens[token] = SpentRefreshGrant(
        userId: grant.userId, sessionId: grant.sessionId, successor: pair.refreshToken,
        reusableUntil: now.addingTimeInterval(reuseInterval))
    }
    return pair
  }

  mutating func endSession(_ sessionId: String) {
    accessTokens = accessTokens.filter { $0.value.sessionId != sessionId }
    refreshTokens = refreshTokens.filter { $0.value.sessionId != sessionId }
    spentRefreshTokens = spentRefreshTokens.filter { $0.value.sessionId != sessionId }
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
    spentRefreshTokens.removeAll()
  }

  func inconsistency(users userIds: Set<String>) -> String? {
    let owners =
      accessTokens.values.map(\.userId) + refreshTokens.values.map(\.userId)
      + spentRefreshTokens.values.map(\.userId)
    return owners.first { !userIds.contains($0) }.map { "a token belongs to unknown user \($0)" }
  }

  /// The successor refresh token, which stays the session's one live refresh token, with a
  /// new access token: the one the lost reply carried may have expired since.
  private mutating func reissue(after spent: SpentRefreshGrant, now: Date, lifetime: Int)
    -> TokenPair
  {
    let pair = TokenPair(
      accessToken: Self.token(prefix: "at_"), refreshToken: spent.successor, expiresIn: lifetime)
    accessTokens[pair.accessToken] = AccessGrant(
      userId: spent.userId, sessionId: spent.sessionId,
      expiresAt: now.addingTimeInterval(TimeInterval(lifetime)))
    return pair
  }

  /// Drops the spent refresh tokens whose interval is over or whose successor is no longer
  /// live (used, revoked, or its session ended): only the latest spent token is ever reusable.
  private mutating func forgetSpentRefreshTokens(now: Date) {
    spentRefreshTokens = spentRefreshTokens.filter { _, spent in
      now < spent.reusableUntil && refreshTokens[spent.successor] != nil
    }
  }

  private mutating func issue(for userId: String, sessionId: String, now: Date, lifetime: Int)
    -> TokenPair
  {
    let forgetBefore = now.addingTimeInterval(-Self.expiredTokenMemory)
    accessTokens = accessTokens.filter { $0.value.expiresAt > forgetBefore }
    forgetSpentRefreshTokens(now: now)
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

/// A refresh token spent by a rotation, reusable until `reusableUntil` while `successor`, the
/// refresh token that rotation issued, is unused.
struct SpentRefreshGrant: Codable, Sendable, Equatable {
  let userId: String
  let sessionId: String
  let successor: String
  let reusableUntil: Date
}
