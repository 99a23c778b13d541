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
/// Nothing is kept longer than it can matter: each new pair forgets the access tokens expired
/// for a day and the spent refresh tokens past their interval, so the tables hold the live
/// sessions and little else, however many logins there were.
struct SessionStore {
  /// Access tokens expired for longer than this are forgotten when a new pair is issued;
  /// until then they answer "expired" rather than "not valid".
  private static let expiredTokenMemory: TimeInterval = 24 * 60 * 60

  let connection: SQLiteConnection

  func startSession(for userId: String, now: Date, lifetime: Int) throws(APIError) -> TokenPair {
    try issue(for: userId, sessionId: Self.token(prefix: "s_"), now: now, lifetime: lifetime)
  }

  /// `401` when the token is unknown or expired.
  func grant(forAccessToken token: String, now: Date) throws(APIError) -> AccessGrant {
    let found: [AccessGrant]
    do {
      found = try connection.query(
        "SELECT user_id, session_id, expires_at FROM access_token WHERE token = ?",
        [.text(token)]
      ) { row in
        AccessGrant(
          userId: row.text(0) ?? "", sessionId: row.text(1) ?? "",
          expiresAt: Date(timeIntervalSince1970: row.real(2)))
      }
    } catch {
      throw .unreadableState(error)
    }
    guard let grant = found.first else {
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
  func rotate(
    refreshToken token: String, now: Date, lifetime: Int, reuseInterval: TimeInterval
  ) throws(APIError) -> TokenPair {
    let spent: SpentRefreshGrant?
    let grant: RefreshGrant?
    do {
      try forgetSpentRefreshTokens(now: now)
      spent = try connection.query(
        """
        SELECT user_id, session_id, successor, reusable_until FROM spent_refresh_token
        WHERE token = ?
        """, [.text(token)]
      ) { row in
        SpentRefreshGrant(
          userId: row.text(0) ?? "", sessionId: row.text(1) ?? "", successor: row.text(2) ?? "",
          reusableUntil: Date(timeIntervalSince1970: row.real(3)))
      }.first
      grant =
        spent != nil
        ? nil
        : try connection.query(
          "DELETE FROM refresh_token WHERE token = ? RETURNING user_id, session_id",
          [.text(token)]
        ) { row in RefreshGrant(userId: row.text(0) ?? "", sessionId: row.text(1) ?? "") }.first
    } catch {
      throw .unsavedState(error)
    }
    if let spent { return try reissue(after: spent, now: now, lifetime: lifetime) }
    guard let grant else {
      throw .unauthorized("the refresh token is not valid: it is unknown, used or revoked")
    }
    let pair = try issue(
      for: grant.userId, sessionId: grant.sessionId, now: now, lifetime: lifetime)
    if reuseInterval > 0 {
      do {
        try connection.run(
          """
          INSERT INTO spent_refresh_token (token, user_id, session_id, successor, reusable_until)
          VALUES (?, ?, ?, ?, ?)
          """,
          .text(token), .text(grant.userId), .text(grant.sessionId), .text(pair.refreshToken),
          .real(now.addingTimeInterval(reuseInterval).timeIntervalSince1970))
      } catch {
        throw .unsavedState(error)
      }
    }
    return pair
  }

  func endSession(_ sessionId: String) throws(APIError) {
    do {
      try connection.run("DELETE FROM access_token WHERE session_id = ?", .text(sessionId))
      try connection.run("DELETE FROM refresh_token WHERE session_id = ?", .text(sessionId))
      try connection.run("DELETE FROM spent_refresh_token WHERE session_id = ?", .text(sessionId))
    } catch {
      throw .unsavedState(error)
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

  /// The successor refresh token, which stays the session's one live refresh token, with a
  /// new access token: the one the lost reply carried may have expired since.
  private func reissue(after spent: SpentRefreshGrant, now: Date, lifetime: Int)
    throws(APIError) -> TokenPair
  {
    let pair = TokenPair(
      accessToken: Self.token(prefix: "at_"), refreshToken: spent.successor, expiresIn: lifetime)
    try insertAccessToken(
      pair.accessToken, userId: spent.userId, sessionId: spent.sessionId,
      expiresAt: now.addingTimeInterval(TimeInterval(lifetime)))
    return pair
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

  private func issue(for userId: String, sessionId: String, now: Date, lifetime: Int)
    throws(APIError) -> TokenPair
  {
    let pair = TokenPair(
      accessToken: Self.token(prefix: "at_"),
      refreshToken: Self.token(prefix: "rt_"),
      expiresIn: lifetime)
    do {
      let forgetBefore = now.addingTimeInterval(-Self.expiredTokenMemory)
      try connection.run(
        "DELETE FROM access_token WHERE expires_at <= ?", .real(forgetBefore.timeIntervalSince1970))
      try forgetSpentRefreshTokens(now: now)
      try connection.run(
        "INSERT INTO refresh_token (token, user_id, session_id) VALUES (?, ?, ?)",
        .text(pair.refreshToken), .text(userId), .text(sessionId))
    } catch {
      throw .unsavedState(error)
    }
    try insertAccessToken(
      pair.accessToken, userId: userId, sessionId: sessionId,
      expiresAt: now.addingTimeInterval(TimeInterval(lifetime)))
    return pair
  }

  private func insertAccessToken(
    _ token: String, userId: String, sessionId: String, expiresAt: Date
  ) throws(APIError) {
    do {
      try connection.run(
        "INSERT INTO access_token (token, user_id, session_id, expires_at) VALUES (?, ?, ?, ?)",
        .text(token), .text(userId), .text(sessionId), .real(expiresAt.timeIntervalSince1970))
    } catch {
      throw .unsavedState(error)
    }
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
