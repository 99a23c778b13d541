import Foundation

/// The state as one transaction sees it: the cards and the sessions, read and changed through
/// the transaction's connection. Made by ``SandboxDatabase`` for the length of a transaction.
struct SandboxStore {
  let connection: SQLiteConnection

  var cards: CardStore { CardStore(connection: connection) }
  var sessions: SessionStore { SessionStore(connection: connection) }

  /// A number that every committed write transaction moves (``bumpRevision()``), so that what
  /// was read at one revision is still true at the same revision.
  func revision() throws(SQLiteError) -> Int {
    try connection.query("SELECT value FROM counter WHERE name = 'revision'", []) { row in
      row.int(0)
    }.first ?? 0
  }

  func bumpRevision() throws(SQLiteError) {
    try connection.run(
      """
      INSERT INTO counter (name, value) VALUES ('revision', 1)
      ON CONFLICT (name) DO UPDATE SET value = value + 1
      """)
  }

  /// The seed cards and no tokens; card ids go on after every id given out before.
  func replaceWithSeed() throws(SQLiteError) {
    try connection.run("DELETE FROM access_token")
    try connection.run("DELETE FROM refresh_token")
    try connection.run("DELETE FROM spent_refresh_token")
    try connection.run("DELETE FROM image")
    try connection.run("DELETE FROM card")
    for record in SeedData.cards { try cards.insert(record) }
    try connection.run(
      """
      INSERT INTO counter (name, value) VALUES ('next card number', ?)
      ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)
      """, .integer(SeedData.nextCardNumber))
  }

  /// Everything a JSON state of format 1 held, into a database just created.
  func insert(_ state: StateFileV1) throws(SQLiteError) {
    for cardIds in state.cards.order.values {
      for cardId in cardIds {
        if let record = state.cards.cards[cardId] { try cards.insert(record) }
      }
    }
    try connection.run(
      "INSERT INTO counter (name, value) VALUES ('next card number', ?)",
      .integer(state.cards.nextCardNumber))
    for (token, grant) in state.sessions.accessTokens {
      try sessions.insert(accessToken: token, grant)
    }
    for (token, grant) in state.sessions.refreshTokens {
      try sessions.insert(refreshToken: token, grant)
    }
    for (token, spent) in state.sessions.spentRefreshTokens ?? [:] {
      try sessions.insert(spentRefreshToken: token, spent)
    }
  }
}

extension APIError {
  /// A read of the state failed: `500`, with SQLite's reason, which names no path.
  static func unreadableState(_ error: SQLiteError) -> APIError {
    .internalError("the sandbox could not load its state: \(error)")
  }

  /// A change of the state failed: `500`, with SQLite's reason, which names no path.
  static func unsavedState(_ error: SQLiteError) -> APIError {
    .internalError("the sandbox could not save its state: \(error)")
  }

  /// What `read` returns, its failure ``unreadableState(_:)``.
  static func reading<Value>(_ read: () throws(SQLiteError) -> Value) throws(APIError) -> Value {
    do {
      return try read()
    } catch {
      throw unreadableState(error)
    }
  }

  /// What `change` returns, its failure ``unsavedState(_:)``.
  static func saving<Value>(_ change: () throws(SQLiteError) -> Value) throws(APIError) -> Value {
    do {
      return try change()
    } catch {
      throw unsavedState(error)
    }
  }
}
