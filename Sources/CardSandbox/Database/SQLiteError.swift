import CSQLite

/// A failed SQLite call: its primary result code, SQLite's message, and what was being done.
/// Callers switch over ``kind``: `busy` means another connection held the lock past the busy
/// timeout, and is worth a retry; the others are not. The description names no file path, so
/// it can reach a client.
package struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
  package enum Kind: Hashable, Sendable {
    /// `SQLITE_BUSY` or `SQLITE_LOCKED`: another connection holds the lock.
    case busy
    /// `SQLITE_CONSTRAINT`: a row broke a constraint of its table.
    case constraint
    /// `SQLITE_NOTADB` or `SQLITE_CORRUPT`: the file is not a sound database.
    case notADatabase
    /// `SQLITE_CANTOPEN`, `SQLITE_PERM`, `SQLITE_READONLY`, `SQLITE_FULL` or `SQLITE_IOERR`:
    /// the file system refused.
    case io
    /// A statement that does not compile, a value of the wrong type, or anything else.
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
    case SQLITE_CONSTRAINT: .constraint
    case SQLITE_NOTADB, SQLITE_CORRUPT: .notADatabase
    case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY, SQLITE_FULL, SQLITE_IOERR: .io
    default: .other
    }
  }

  package var description: String { "\(operation) failed: \(message) (SQLite error \(code))" }
}
