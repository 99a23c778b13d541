/// The tables of the sandbox's database, format 2 (``SandboxDatabase/version``). Images sit
/// in a table of their own, so that reading a list never reads their bytes; every token is
/// found by its primary key, and the tokens of a session by an index.
enum SandboxSchema {
  static func create(on connection: SQLiteConnection) throws(SQLiteError) {
    try connection.execute(
      """
      CREATE TABLE counter (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE card (
        card_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, position INTEGER NOT NULL,
        title TEXT, name TEXT NOT NULL, birthday TEXT, mbti TEXT, instagram TEXT, link_url TEXT,
        description TEXT, default_image INTEGER NOT NULL,
        first_tmi TEXT, second_tmi TEXT, third_tmi TEXT
      );
      CREATE INDEX card_by_user ON card (user_id, position);
      CREATE TABLE image (
        card_id TEXT PRIMARY KEY, content_type TEXT NOT NULL, bytes BLOB NOT NULL
      );
      CREATE TABLE access_token (
        token TEXT PRIMARY KEY, user_id TEXT NOT NULL, session_id TEXT NOT NULL,
        expires_at REAL NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX access_token_by_session ON access_token (session_id);
      CREATE INDEX access_token_by_expiry ON access_token (expires_at);
      CREATE TABLE refresh_token (
        token TEXT PRIMARY KEY, user_id TEXT NOT NULL, session_id TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX refresh_token_by_session ON refresh_token (session_id);
      CREATE TABLE spent_refresh_token (
        token TEXT PRIMARY KEY, user_id TEXT NOT NULL, session_id TEXT NOT NULL,
        successor TEXT NOT NULL, reusable_until REAL NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX spent_refresh_token_by_session ON spent_refresh_token (session_id);
      CREATE INDEX spent_refresh_token_by_expiry ON spent_refresh_token (reusable_until);
      PRAGMA user_version = 2;
      """)
  }
}
