import CardPrimitives
import Foundation

/// The sandbox's state in an SQLite database: one writer connection, on which every change
/// runs in a `BEGIN IMMEDIATE` transaction, and a few reader connections for requests that
/// only read (in WAL mode a reader sees the last commit and waits for no writer). SQLite's
/// locks order the writers of every process on the file. Without a file, the state is an
/// in-memory database on one connection.
final class SandboxDatabase: Sendable {
  /// Format 2 (format 1 was JSON, ``StateFileV1``), in the database's `user_version`.
  static let version = 2
  /// How many idle readers a process keeps; more are opened while more reads run at once.
  private static let readerCount = 4
  /// How long the start waits for another process's transaction before it fails.
  private static let writeTimeout = Duration.seconds(10)
  /// How long a read waits for a lock: in WAL mode only the recovery of a crashed writer's
  /// log takes one.
  private static let readTimeout = Duration.seconds(1)

  /// Called, in the waiting task, when a write begins to wait for another connection's write
  /// lock: tests act only once a request is waiting.
  @TaskLocal static var contended: (@Sendable () -> Void)?

  let path: String?
  private let writer: Guarded
  /// The readers no read is using: a read takes one and gives it back, so that no read ever
  /// blocks a thread waiting for another.
  private let idleReaders: Protected<[Guarded]>

  /// Opens the database at `path`, creating it with the seed state when it is missing or
  /// empty. A JSON state file of format 1 at `path` is moved into a new database once,
  /// under the lock its writers took (`<path>.lock`), and kept beside it as
  /// `<path>.v1.json`. `startFresh` replaces whatever is at `path` with the seed state.
  init(path: String?, startFresh: Bool) throws(SandboxStateError) {
    self.path = path
    guard let path else {
      let connection = try Self.connection(to: ":memory:", reporting: "the in-memory state")
      try Self.prepare(connection, path: ":memory:")
      writer = Guarded(connection)
      idleReaders = Protected([])
      return
    }
    if startFresh {
      for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    } else {
      try Self.migrateJSONState(at: path)
    }
    try Self.createPrivately(path)
    // The start blocks anyway, waiting for another process's write on a connection of its
    // own; the writer it keeps never blocks a thread.
    try Self.prepare(
      Self.connection(to: path, reporting: path, busyTimeout: Self.writeTimeout), path: path)
    writer = Guarded(try Self.connection(to: path, reporting: path, busyTimeout: .zero))
    idleReaders = Protected(
      try (0..<Self.readerCount).map { _ throws(SandboxStateError) in
        Guarded(try Self.connection(to: path, reporting: path))
      })
  }

  /// Runs `body` in a transaction that only reads, on a reader connection (the writer's when
  /// there is no file).
  func inReadTransaction<Value: Sendable>(
    _ body: (SandboxStore) throws(SQLiteError) -> SQLiteConnection.Outcome<Value>
  ) throws(SQLiteError) -> Value {
    guard let path else { return try transaction(.deferred, on: writer, body) }
    let reader: Guarded
    if let idle = idleReaders.withLock({ $0.popLast() }) {
      reader = idle
    } else {
      reader = Guarded(try SQLiteConnection(path: path, busyTimeout: Self.readTimeout))
    }
    defer {
      idleReaders.withLock { idle in
        if idle.count < Self.readerCount { idle.append(reader) }
      }
    }
    return try transaction(.deferred, on: reader, body)
  }

  /// Runs `body` in a write transaction, `BEGIN IMMEDIATE`, so nothing it read changes before
  /// it writes; a commit moves the state's revision (``SandboxStore/revision()``). While
  /// another process holds the lock, it tries again after a sleep of 1 ms, 2 ms, … up to
  /// 25 ms, holding no thread, until it gets the lock or its task is cancelled (it throws).
  nonisolated(nonsending) func inWriteTransaction<Value: Sendable>(
    _ body: (SandboxStore) throws(SQLiteError) -> SQLiteConnection.Outcome<Value>
  ) async throws(SQLiteError) -> Value {
    var attempt = 0
    while true {
      do {
        return try transaction(.immediate, on: writer) { store throws(SQLiteError) in
          let outcome = try body(store)
          if case .commit = outcome { try store.bumpRevision() }
          return outcome
        }
      } catch  where error.kind == .busy {
        if attempt == 0 { Self.contended?() }
        attempt += 1
        do {
          try await Task.sleep(for: .milliseconds(min(attempt, 25)))
        } catch {
          throw SQLiteError(
            code: 5, message: "cancelled while the database is locked", operation: "wait")
        }
      }
    }
  }

  private func transaction<Value: Sendable>(
    _ kind: SQLiteConnection.TransactionKind, on guarded: Guarded,
    _ body: (SandboxStore) throws(SQLiteError) -> SQLiteConnection.Outcome<Value>
  ) throws(SQLiteError) -> Value {
    try guarded.use { connection throws(SQLiteError) -> Value in
      let store = SandboxStore(connection: connection)
      return try connection.transaction(kind) { () throws(SQLiteError) in try body(store) }
    }
  }

  private static func connection(
    to path: String, reporting name: String, busyTimeout: Duration = readTimeout
  ) throws(SandboxStateError) -> SQLiteConnection {
    do {
      return try SQLiteConnection(path: path, busyTimeout: busyTimeout)
    } catch {
      throw .unreadable(path: name, reason: error.description)
    }
  }

  /// Puts the database in WAL mode and, when it is new, creates the schema with the seed
  /// state; a database of another format, or a file that is not a database, throws.
  private static func prepare(_ connection: SQLiteConnection, path: String)
    throws(SandboxStateError)
  {
    let found: Int
    do {
      try connection.execute("PRAGMA journal_mode = WAL")
      // A commit survives the death of the process at once; a power cut may lose the last
      // commits, never the database.
      try connection.execute("PRAGMA synchronous = NORMAL")
      found = try connection.transaction(.immediate) { () throws(SQLiteError) in
        let version = try connection.query("PRAGMA user_version", []) { row in row.int(0) }
        guard version.first ?? 0 == 0 else { return .rollBack(version.first ?? 0) }
        try SandboxSchema.create(on: connection)
        try SandboxStore(connection: connection).replaceWithSeed()
        return .commit(Self.version)
      }
    } catch  where error.kind == .notADatabase {
      throw .corrupt(path: path, reason: "it is neither an SQLite database nor a JSON state")
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    guard found == Self.version else { throw .unsupportedVersion(path: path, version: found) }
  }

  /// A connection behind a lock of its own. Unchecked because the connection is touched only
  /// inside ``use(_:)``, under the lock; a `Mutex` holding the connection would merge it with
  /// each caller's closure, which region checking refuses.
  private final class Guarded: @unchecked Sendable {
    private let lock = Protected(())
    private let connection: SQLiteConnection

    init(_ connection: SQLiteConnection) {
      self.connection = connection
    }

    func use<Value: Sendable>(_ body: (SQLiteConnection) throws(SQLiteError) -> Value)
      throws(SQLiteError) -> Value
    {
      try lock.withLock { _ throws(SQLiteError) -> Value in try body(connection) }
    }
  }

  /// The first bytes of every SQLite database file.
  private static let sqliteHeader = Array("SQLite format 3\0".utf8)

  /// Moves a JSON state of format 1 at `path` into a new database, once, under the lock its
  /// writers took: the database is built beside it and renamed over it, the JSON kept as
  /// `<path>.v1.json`. A database left by a process that migrated first is used as it is; a
  /// file that is neither throws, untouched.
  private static func migrateJSONState(at path: String) throws(SandboxStateError) {
    guard let head = try contents(of: path, limit: 64), !head.isEmpty,
      !head.starts(with: sqliteHeader)
    else { return }
    let lock: FileLock
    do {
      lock = try FileLock.acquireBlocking(path: path + ".lock")
    } catch {
      throw .unlockable(path: path + ".lock", reason: "\(error)")
    }
    defer { lock.release() }
    guard let bytes = try contents(of: path, limit: .max), !bytes.starts(with: sqliteHeader)
    else { return }
    guard StateFileV1.isJSON(bytes) else {
      throw .corrupt(path: path, reason: "it is neither an SQLite database nor a JSON state")
    }
    let state = try StateFileV1.decode(Data(bytes), path: path)
    let temporary = path + ".migrating-" + FileSystem.randomSuffix()
    defer { unlink(temporary) }
    try createPrivately(temporary)
    do {
      let connection = try SQLiteConnection(path: temporary)
      try connection.transaction(.immediate) { () throws(SQLiteError) in
        try SandboxSchema.create(on: connection)
        try SandboxStore(connection: connection).insert(state)
        return .commit(())
      }
    } catch {
      throw .unwritable(path: path, reason: "the state cannot be moved into SQLite: \(error)")
    }
    do {
      try AtomicFile.replace(path + ".v1.json", with: bytes)
    } catch {
      throw .unwritable(path: path + ".v1.json", reason: error.description)
    }
    guard rename(temporary, path) == 0 else {
      throw .unwritable(path: path, reason: "rename failed: \(String(cString: strerror(errno)))")
    }
  }

  /// Creates an empty file at `path`, readable by its owner only (the state holds live tokens),
  /// unless something is there already; SQLite gives its `-wal` and `-shm` files the same mode.
  private static func createPrivately(_ path: String) throws(SandboxStateError) {
    let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .unwritable(path: path, reason: FileError("open", path).reason)
    }
    close(descriptor)
  }

  /// `nil` when nothing is at `path`.
  private static func contents(of path: String, limit: Int) throws(SandboxStateError)
    -> [UInt8]?
  {
    do throws(FileError) {
      guard let file = try PosixFile.openForReadingIfPresent(path) else { return nil }
      defer { file.closeIgnoringErrors() }
      if limit == .max { return try file.readAll(limit: .max) ?? [] }
      var bytes = [UInt8](repeating: 0, count: limit)
      let count = bytes.withUnsafeMutableBytes { read(file.descriptor, $0.baseAddress, limit) }
      guard count >= 0 else { throw FileError("read", path) }
      return Array(bytes.prefix(count))
    } catch {
      throw .unreadable(path: path, reason: error.reason)
    }
  }
}
