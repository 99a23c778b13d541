import CardTestingPrimitives
import Foundation
import Testing

@testable import CardSandbox

/// The sandbox's small wrapper of the system's SQLite: bound values only, transactions that
/// keep all or nothing, SQLite's locking between connections, and errors callers can switch
/// over.
@Suite("SQLite connection")
struct SQLiteConnectionTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.appending("test.sqlite").path
    let connection = try SQLiteConnection(path: path)
    try connection.execute(
      """
      PRAGMA journal_mode = WAL;
      CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, bytes BLOB, size REAL);
      """)
  }

  private func names(_ connection: SQLiteConnection) throws(SQLiteError) -> [String] {
    try connection.query("SELECT name FROM item ORDER BY id", []) { row in row.text(0) ?? "" }
  }

  @Test func valuesAreBoundNeverReadAsSQLAndComeBackAsTheyWentIn() throws {
    let connection = try SQLiteConnection(path: path)
    let hostile = "x'); DROP TABLE item; --"
    let bytes = Data([0, 1, 2, 0xFF])
    try connection.run(
      "INSERT INTO item (name, bytes, size) VALUES (?, ?, ?)", .text(hostile), .blob(bytes),
      .real(1.5))
    try connection.run("INSERT INTO item (name, bytes) VALUES (?, ?)", .text("세상"), .blob(Data()))
    try connection.run("INSERT INTO item (name, bytes) VALUES (?, ?)", .text("none"), .null)
    let rows = try connection.query("SELECT name, bytes, size FROM item ORDER BY id", []) {
      row in (row.text(0), row.blob(1), row.isNull(2) ? nil : row.real(2))
    }
    #expect(rows.map(\.0) == [hostile, "세상", "none"])
    #expect(rows.map(\.1) == [bytes, Data(), nil])
    #expect(rows.map(\.2) == [1.5, nil, nil])
  }

  @Test func aStatementRunsAgainWithOtherValuesRunAnswersTheRowsItChanged() throws {
    let connection = try SQLiteConnection(path: path)
    for name in ["a", "b", "c"] {
      try connection.run("INSERT INTO item (name) VALUES (?)", .text(name))
    }
    #expect(try connection.run("DELETE FROM item WHERE name <> ?", .text("b")) == 2)
    #expect(try names(connection) == ["b"])
  }

  @Test func aTransactionCommitsRollsBackOnRequestAndRollsBackWhenItsBodyThrows() throws {
    let connection = try SQLiteConnection(path: path)
    let kept: Int = try connection.transaction(.immediate) { () throws(SQLiteError) in
      try connection.run("INSERT INTO item (name) VALUES (?)", .text("kept"))
      return .commit(1)
    }
    #expect(kept == 1)
    try connection.transaction(.immediate) { () throws(SQLiteError) in
      try connection.run("INSERT INTO item (name) VALUES (?)", .text("refused"))
      return .rollBack(())
    }
    #expect(throws: SQLiteError.self) {
      try connection.transaction(.immediate) {
        () throws(SQLiteError) -> SQLiteConnection.Outcome<Void> in
        try connection.run("INSERT INTO item (name) VALUES (?)", .text("half"))
        try connection.run("INSERT INTO item (name) VALUES (?)", .text("kept"))  // not unique
        return .commit(())
      }
    }
    #expect(!connection.isInTransaction)
    #expect(try names(connection) == ["kept"])
  }

  @Test func errorsSayWhatFailedAndAreToldApartByKind() throws {
    let connection = try SQLiteConnection(path: path)
    try connection.run("INSERT INTO item (name) VALUES (?)", .text("a"))
    let duplicate = #expect(throws: SQLiteError.self) {
      try connection.run("INSERT INTO item (name) VALUES (?)", .text("a"))
    }
    #expect(duplicate?.kind == .other)
    #expect(duplicate?.operation == "step")
    let misspelt = #expect(throws: SQLiteError.self) {
      try connection.run("SELEKT 1")
    }
    #expect(misspelt?.kind == .other)
    #expect(misspelt?.operation == "prepare")

    let notADatabase = try directory.write(Data(repeating: 0x41, count: 4096), to: "text.sqlite")
    let opened = try SQLiteConnection(path: notADatabase.path)
    let corrupt = #expect(throws: SQLiteError.self) { try opened.execute("SELECT 1 FROM item") }
    #expect(corrupt?.kind == .notADatabase)
    #expect(corrupt.map { !$0.description.contains(directory.url.path) } ?? false)
  }

  @Test func aSecondWriterIsBusyWhileAnotherConnectionHoldsTheWriteLock() throws {
    let first = try SQLiteConnection(path: path)
    let second = try SQLiteConnection(path: path, busyTimeout: .zero)
    let reader = try SQLiteConnection(path: path)
    let (busy, seenByReader) = try first.transaction(.immediate) { () throws(SQLiteError) in
      try first.run("INSERT INTO item (name) VALUES (?)", .text("first"))
      let busy = Result { () throws(SQLiteError) in
        try second.transaction(.immediate) { () throws(SQLiteError) in .commit(()) }
      }
      // With WAL, a reader does not wait for the writer; it sees the last commit.
      return .commit((busy, try names(reader)))
    }
    #expect(throws: SQLiteError.self) { try busy.get() }
    if case .failure(let error) = busy { #expect(error.kind == .busy) }
    #expect(!second.isInTransaction)
    #expect(seenByReader == [])
    try second.transaction(.immediate) { () throws(SQLiteError) in
      try second.run("INSERT INTO item (name) VALUES (?)", .text("second"))
      return .commit(())
    }
    #expect(try names(reader) == ["first", "second"])
  }

  @Test func aReadTransactionSeesOneSnapshotWhileAnotherConnectionCommits() throws {
    let writer = try SQLiteConnection(path: path)
    let reader = try SQLiteConnection(path: path)
    try writer.run("INSERT INTO item (name) VALUES (?)", .text("before"))
    let seen = try reader.transaction(.deferred) { () throws(SQLiteError) in
      let first = try names(reader)
      try writer.run("INSERT INTO item (name) VALUES (?)", .text("after"))
      return .commit((first, try names(reader)))
    }
    #expect(seen.0 == ["before"])
    #expect(seen.1 == ["before"])
    #expect(try names(reader) == ["before", "after"])
  }
}
