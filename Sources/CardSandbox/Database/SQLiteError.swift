import CSQLite

/// A failed SQLite call: its primary result code, SQLite's message, and what was being done.
/// Callers switch over ``kind``: `busy` means another connection held the lock past the busy
/// timeout, and is worth a retry; the others are not. The description names no file path, so
/// it can reach a client.
package struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
  package enum Kind: Hashable, Sendable {
    /// `SQLITE_BUSY` or `SQLITE_LOCKED`: another connection holds the lock.
    case busy
    /// `SQLITE_NOTADB` or `SQLITE_CORRUPT`: the file is not a sound database.
    case notADatabase
    /// Anything else: a broken constraint, a statement that does not compile, a file system
    /// that refused.
    case other
  }

  /// The primary result code (`SQLITE_BUSY`, …), without the extended bits.
  package let code: Int32
  package let message: String
  /// What was being done, such as `prepare` or `step`.
  package let operation: String

  package init(code: Int32, message: String, operation: String) {
    self.code = code & 0xFF
    self.message = message
    self.operation = operation
  }

  package var kind: Kind {
    switch code {
    case SQLITE_BUSY, SQLITE_LOCKED: .busy
    case SQLITE_NOTADB, SQLITE_CORRUPT: .notADatabase
    default: .other
    }
  }

  package var description: String { "\(operation) failed: \(message) (SQLite error \(code))" }
}
