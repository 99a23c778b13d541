import CSQLite
import Foundation

/// One connection to an SQLite database file. SQL is only ever a string literal
/// (`StaticString`) and every value is bound to a parameter (`?`), so no text from a request
/// can become SQL. Statements are prepared once per connection and kept.
///
/// Not `Sendable`: one owner at a time, behind a lock. SQLite's own locking orders the
/// connections, in this process or another: a write waits up to the busy timeout for another
/// writer, then fails with ``SQLiteError/Kind/busy``.
package final class SQLiteConnection {
  package enum TransactionKind: Sendable {
    /// `BEGIN`: takes the read snapshot at the first read, and the write lock at the first
    /// write, which may then fail as busy: for transactions that only read.
    case deferred
    /// `BEGIN IMMEDIATE`: takes the write lock at once, waiting up to the busy timeout, so
    /// that nothing the transaction read can change before it writes.
    case immediate
  }

  /// Whether a transaction keeps what its body did.
  package enum Outcome<Value> {
    case commit(Value)
    case rollBack(Value)
  }

  private let handle: OpaquePointer
  private var prepared: [String: OpaquePointer] = [:]

  /// Opens `path` to read and write, creating a missing file. `busyTimeout` bounds how long a
  /// statement waits for another connection's lock.
  package init(path: String, busyTimeout: Duration = .seconds(10)) throws(SQLiteError) {
    var opened: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &opened, flags, nil)
    guard let opened else {
      throw SQLiteError(code: code, message: "out of memory", operation: "open")
    }
    guard code == SQLITE_OK else {
      let error = SQLiteError(
        code: code, message: String(cString: sqlite3_errmsg(opened)), operation: "open")
      sqlite3_close_v2(opened)
      throw error
    }
    handle = opened
    sqlite3_extended_result_codes(handle, 0)
    let milliseconds =
      busyTimeout.components.seconds * 1000
      + busyTimeout.components.attoseconds / 1_000_000_000_000_000
    // The timeout travels as the context pointer's address, so the handler captures nothing.
    sqlite3_busy_handler(
      handle, busyHandler,
      UnsafeMutableRawPointer(bitPattern: Int(clamping: max(milliseconds, 0))))
  }

  deinit {
    for statement in prepared.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  /// Runs `sql`, one or more statements without parameters: the schema, pragmas.
  package func execute(_ sql: StaticString) throws(SQLiteError) {
    let code = sqlite3_exec(handle, sql.description, nil, nil, nil)
    guard code == SQLITE_OK else { throw failure(code, "execute") }
  }

  /// Runs one statement with `values` bound to its parameters in order, discarding any rows;
  /// the number of rows it inserted, changed or deleted.
  @discardableResult
  package func run(_ sql: StaticString, _ values: SQLiteValue...) throws(SQLiteError) -> Int {
    _ = try query(sql, values) { (_: borrowing SQLiteRow) in () }
    return Int(sqlite3_changes(handle))
  }

  /// Runs one statement with `values` bound to its parameters in order, and reads each row
  /// it returns with `read`.
  package func query<Row>(
    _ sql: StaticString, _ values: [SQLiteValue],
    _ read: (borrowing SQLiteRow) throws(SQLiteError) -> Row
  ) throws(SQLiteError) -> [Row] {
    let statement = try statement(for: sql)
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    }
    for (index, value) in values.enumerated() {
      try bind(value, at: Int32(index + 1), of: statement)
    }
    var rows: [Row] = []
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { return rows }
      guard code == SQLITE_ROW else { throw failure(code, "step") }
      rows.append(try read(SQLiteRow(statement: statement)))
    }
  }

  /// Runs `body` in a transaction of `kind`: committed when it returns `.commit`, rolled back
  /// when it returns `.rollBack` or throws. A commit that fails rolls back and throws.
  package func transaction<Value>(
    _ kind: TransactionKind, _ body: () throws(SQLiteError) -> Outcome<Value>
  ) throws(SQLiteError) -> Value {
    try kind == .deferred ? execute("BEGIN") : execute("BEGIN IMMEDIATE")
    let outcome: Outcome<Value>
    do {
      outcome = try body()
    } catch {
      rollBack()
      throw error
    }
    switch outcome {
    case .commit(let value):
      do {
        try execute("COMMIT")
      } catch {
        rollBack()
        throw error
      }
      return value
    case .rollBack(let value):
      rollBack()
      return value
    }
  }

  /// Whether a transaction is open, as after a body that failed without ending it.
  package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  private func rollBack() {
    if isInTransaction { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
  }

  private func statement(for sql: StaticString) throws(SQLiteError) -> OpaquePointer {
    let text = sql.description
    if let statement = prepared[text] { return statement }
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(
      handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else { throw failure(code, "prepare") }
    prepared[text] = statement
    return statement
  }

  private func bind(_ value: SQLiteValue, at index: Int32, of statement: OpaquePointer)
    throws(SQLiteError)
  {
    let code =
      switch value {
      case .null: sqlite3_bind_null(statement, index)
      case .integer(let number): sqlite3_bind_int64(statement, index, number)
      case .real(let number): sqlite3_bind_double(statement, index, number)
      case .text(let text):
        sqlite3_bind_text64(
          statement, index, text, UInt64(text.utf8.count), card_sqlite_transient(),
          UInt8(SQLITE_UTF8))
      // A blob of no bytes, not NULL, which a buffer without an address would bind.
      case .blob(let data) where data.isEmpty: sqlite3_bind_zeroblob(statement, index, 0)
      case .blob(let data):
        data.withUnsafeBytes { bytes in
          sqlite3_bind_blob64(
            statement, index, bytes.baseAddress, UInt64(bytes.count), card_sqlite_transient())
        }
      }
    guard code == SQLITE_OK else { throw failure(code, "bind") }
  }

  private func failure(_ code: Int32, _ operation: String) -> SQLiteError {
    SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), operation: operation)
  }
}

/// Waits for another connection's lock in steps of 1 ms, 2 ms, … up to 25 ms, until the
/// timeout (the context pointer's address, in milliseconds) is used up, or stops at once when
/// the waiting task is cancelled, which SQLite's own busy timeout would not notice. The wait
/// holds the thread: a connection that may wait long, as a writer may, is better opened with
/// a timeout of zero and retried by an `async` caller that sleeps between tries.
private func busyHandler(_ context: UnsafeMutableRawPointer?, _ count: Int32) -> Int32 {
  let timeout = Int(bitPattern: context)
  if withUnsafeCurrentTask(body: { $0?.isCancelled ?? false }) { return 0 }
  let step = Int(min(count + 1, 25))
  // Waited so far: 1 + 2 + … + count ms for the first 25 steps, then 25 ms a step.
  let waited = count < 25 ? Int(count) * Int(count + 1) / 2 : 300 + (Int(count) - 24) * 25
  guard waited + step <= timeout else { return 0 }
  usleep(useconds_t(step * 1000))
  return 1
}
