import CSQLite
import Foundation

/// The current row of a statement being stepped, valid only inside the closure it is passed
/// to. Columns are read by position; a column of another type than asked is converted by
/// SQLite's rules, a `NULL` read as text or a blob is `nil`.
package struct SQLiteRow: ~Copyable {
  let statement: OpaquePointer

  package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

  package func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

  package func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(statement, column) == SQLITE_NULL
  }

  package func text(_ column: Int32) -> String? {
    guard !isNull(column), let bytes = sqlite3_column_text(statement, column) else { return nil }
    let count = Int(sqlite3_column_bytes(statement, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  package func blob(_ column: Int32) -> Data? {
    guard !isNull(column) else { return nil }
    let count = Int(sqlite3_column_bytes(statement, column))
    guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
    return Data(bytes: bytes, count: count)
  }
}
