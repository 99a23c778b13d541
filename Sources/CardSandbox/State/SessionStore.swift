import Foundation

/// The live tokens, each belonging to a login session, in the tables `access_token`,
/// `refresh_token` and `spent_refresh_token`. Refreshing rotates: the single-use refresh token
/// is spent and a new pair issued in the same session, while earlier access tokens keep
/// working until they expire. Logout ends the session and all of its tokens.
///
/// A spent refresh token stays reusable for a short interval after its rotation, while the
/// refresh token that replaced it is still unused: a client killed before it stored the reply
/// can ask again and is not signed out (docs/contract-decisions.md).
///
/// Each new pair forgets the access tokens expired for a day and the spent refresh tokens past
/// their interval, so the tables hold the live sessions and little else.
struct SessionStore {
  /// Until then an expired access token answers "expired" rather than "not valid".
  private static let expiredTokenMemory: TimeInterval = 24 * 60 * 60

  let connection: SQLiteConnection

  func startSession(for userId: String, now: Date, lifetime: Int) throws(APIError) -> TokenPair {
    let session = RefreshGrant(userId: userId, sessionId: Self.token(prefix: "s_"))
    return try APIError.saving { () throws(SQLiteError) in
      try issue(in: session, now: now, lifetime: lifetime)
    }
  }

  /// `401` when the token is unknown or expired.
  func grant(forAccessToken token: String, now: Date) throws(APIError) -> AccessGrant {
    let found = try APIError.reading { () throws(SQLiteError) in
      try connection.query(
        "SELECT user_id, session_id, expires_at FROM access_token WHERE token = ?",
        [.text(token)]
      ) { row in
        AccessGrant(
          userId: row.text(0) ?? "", sessionId: row.text(1) ?? "",
          expiresAt: Date(timeIntervalSince1970: row.real(2)))
      }.first
    }
    guard let grant = found else {
      throw .unauthorized("the access token is not valid; log in again")
    }
    guard now < grant.expiresAt else {
      throw .unauthorized("the access token has expired; refresh it or log in again")
    }
    return grant
  }

  /// `401` when the token is unknown, revoked, or was used before: longer ago than
  /// `reuseInterval`, or its successor has been used too. Reused within the interval, it
  /// answers the successor refresh token, which stays the session's one live refresh token,
  /// with a new access token: the one the lost reply carried may have expired since.
  func rotate(
    refreshToken token: String, now: Date, lifetime: Int, reuseInterval: TimeInterval
  ) throws(APIError) -> TokenPair {
    let pair = try APIError.saving { () throws(SQLiteError) -> TokenPair? in
      try forgetSpentRefreshTokens(now: now)
      let spent = try connection.query(
        """
        SELECT user_id, session_id, successor, reusable_until FROM spent_refresh_token
        WHERE token = ?
        """, [.text(token)]
      ) { row in
        SpentRefreshGrant(
          userId: row.text(0) ?? "", sessionId: row.text(1) ?? "", successor: row.text(2) ?? "",
          reusableUntil: Date(timeIntervalSince1970: row.real(3)))
      }.first
      if let spent {
        let accessToken = Self.token(prefix: "at_")
        try insert(
          accessToken: accessToken,
          AccessGrant(
            userId: spent.userId, sessionId: spent.sessionId,
            expiresAt: now.addingTimeInterval(TimeInterval(lifetime))))
        return TokenPair(
          accessToken: accessToken, refreshToken: spent.successor, expiresIn: lifetime)
      }
      let session = try connection.query(
        "DELETE FROM refresh_token WHERE token = ? RETURNING user_id, session_id", [.text(token)]
      ) { row in RefreshGrant(userId: row.text(0) ?? "", sessionId: row.text(1) ?? "") }.first
      guard let session else { return nil }
      let pair = try issue(in: session, now: now, lifetime: lifetime)
      if reuseInterval > 0 {
        try insert(
          spentRefreshToken: token,
          SpentRefreshGrant(
            userId: session.userId, sessionId: session.sessionId, successor: pair.refreshToken,
            reusableUntil: now.addingTimeInterval(reuseInterval)))
      }
      return pair
    }
    guard let pair else {
      throw .unauthorized("the refresh token is not valid: it is unknown, used or revoked")
    }
    return pair
  }

  func endSession(_ sessionId: String) throws(APIError) {
    try APIError.saving { () throws(SQLiteError) in
      try connection.run("DELETE FROM access_token WHERE session_id = ?", .text(sessionId))
      try connection.run("DELETE FROM refresh_token WHERE session_id = ?", .text(sessionId))
      try connection.run("DELETE FROM spent_refresh_token WHERE session_id = ?", .text(sessionId))
    }
  }

  func expireAccessTokens(now: Date) throws(SQLiteError) {
    try connection.run(
      "UPDATE access_token SET expires_at = min(expires_at, ?)", .real(now.timeIntervalSince1970))
  }

  func revokeRefreshTokens() throws(SQLiteError) {
    try connection.run("DELETE FROM refresh_token")
    try connection.run("DELETE FROM spent_refresh_token")
  }

  func insert(accessToken token: String, _ grant: AccessGrant) throws(SQLiteError) {
    try connection.run(
      "INSERT INTO access_token (token, user_id, session_id, expires_at) VALUES (?, ?, ?, ?)",
      .text(token), .text(grant.userId), .text(grant.sessionId),
      .real(grant.expiresAt.timeIntervalSince1970))
  }

  func insert(refreshToken token: String, _ grant: RefreshGrant) throws(SQLiteError) {
    try connection.run(
      "INSERT INTO refresh_token (token, user_id, session_id) VALUES (?, ?, ?)",
      .text(token), .text(grant.userId), .text(grant.sessionId))
  }

  func insert(spentRefreshToken token: String, _ spent: SpentRefreshGrant) throws(SQLiteError) {
    try connection.run(
      """
      INSERT INTO spent_refresh_token (token, user_id, session_id, successor, reusable_until)
      VALUES (?, ?, ?, ?, ?)
      """,
      .text(token), .text(spent.userId), .text(spent.sessionId), .text(spent.successor),
      .real(spent.reusableUntil.timeIntervalSince1970))
  }

  /// Drops the spent refresh tokens whose interval is over or whose successor is no longer
  /// live (used, revoked, or its session ended): only the latest spent token is ever reusable.
  private func forgetSpentRefreshTokens(now: Date) throws(SQLiteError) {
    try connection.run(
      """
      DELETE FROM spent_refresh_token WHERE reusable_until <= ?
        OR successor NOT IN (SELECT token FROM refresh_token)
      """, .real(now.timeIntervalSince1970))
  }

  private func issue(in session: RefreshGrant, now: Date, lifetime: Int) throws(SQLiteError)
    -> TokenPair
  {
    let forgetBefore = now.addingTimeInterval(-Self.expiredTokenMemory)
    try connection.run(
      "DELETE FROM access_token WHERE expires_at <= ?", .real(forgetBefore.timeIntervalSince1970))
    try forgetSpentRefreshTokens(now: now)
    let pair = TokenPair(
      accessToken: Self.token(prefix: "at_"), refreshToken: Self.token(prefix: "rt_"),
      expiresIn: lifetime)
    try insert(refreshToken: pair.refreshToken, session)
    try insert(
      accessToken: pair.accessToken,
      AccessGrant(
        userId: session.userId, sessionId: session.sessionId,
        expiresAt: now.addingTimeInterval(TimeInterval(lifetime))))
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
