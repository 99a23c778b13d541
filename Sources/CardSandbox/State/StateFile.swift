import CardPrimitives
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a sandbox could not load or save its state file. A corrupt file (not JSON, a missing
/// field, contradictory content) is left as it is until a sandbox started fresh overwrites it;
/// `cancelled` means the task was cancelled while another sandbox held the lock.
public enum SandboxStateError: Error, Hashable, Sendable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case corrupt(path: String, reason: String)
  case unsupportedVersion(path: String, version: Int)
  case unwritable(path: String, reason: String)
  case unlockable(path: String, reason: String)
  case cancelled(path: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "the sandbox state file \(path) cannot be read: \(reason)"
    case .corrupt(let path, let reason):
      "the sandbox state file \(path) is corrupt: \(reason); start the sandbox fresh to overwrite it"
    case .unsupportedVersion(let path, let version):
      "the sandbox state file \(path) has the unknown format version \(version)"
    case .unwritable(let path, let reason):
      "the sandbox state file \(path) cannot be written: \(reason)"
    case .unlockable(let path, let reason):
      "the sandbox state lock file \(path) cannot be locked: \(reason)"
    case .cancelled(let path):
      "cancelled while waiting for another sandbox to release \(path)"
    }
  }
}

/// Everything a sandbox keeps between requests and writes to its state file; the injected
/// faults are not part of it.
struct SandboxState: Codable, Sendable {
  static let currentVersion = 1

  var version = currentVersion
  var cards: CardStore
  var sessions: SessionStore

  /// Why the state contradicts itself or the fixed users, or `nil` when it is sound.
  var inconsistency: String? {
    let userIds = Set(SeedData.users.map(\.userId))
    return cards.inconsistency(users: userIds) ?? sessions.inconsistency(users: userIds)
  }
}

/// A sandbox's state and, with a state file, the version of the file it mirrors. The file
/// is the one source of truth, as a server's database would be: callers hold its lock, call
/// ``catchUp()`` before they look at ``current``, and ``commit(_:)`` before they release it.
struct SharedState {
  private(set) var current: SandboxState
  let file: StateFile?
  /// The file version ``current`` was read from or written as; `nil` when unknown, so that
  /// the next ``catchUp()`` reads the file.
  private var version: FileVersion?

  init() {
    current = SeedData.state
    file = nil
  }

  /// With a state file, reads it, or writes the seed state with `startFresh` or when it is
  /// missing, under its lock: this blocks while another sandbox answers a request. Temporary
  /// files that killed writers left beside it are removed first, judging their age by `now`.
  init(stateFile: URL?, startFresh: Bool, now: Date) throws(SandboxStateError) {
    current = SeedData.state
    file = stateFile.map(StateFile.init)
    guard let file else { return }
    let lock = try file.lockBlocking()
    defer { lock.release() }
    file.removeAbandonedTemporaryFiles(now: now)
    if startFresh {
      try commit(current)
    } else {
      try catchUp()
    }
  }

  /// Reads the file when it is not the version last read or written; a missing file starts
  /// again from the seed state. A file that is not a sound state throws, and neither it nor
  /// this state changes.
  mutating func catchUp() throws(SandboxStateError) {
    guard let file, !(version?.isCurrent(at: file.url.path) ?? false) else { return }
    if let stored = try file.load() {
      current = stored.state
      version = stored.version
    } else {
      try commit(SeedData.state)
    }
  }

  /// When `next` cannot be saved, nothing changes.
  mutating func commit(_ next: SandboxState) throws(SandboxStateError) {
    if let file {
      version = try file.save(next)
    }
    current = next
  }
}

/// A ``SandboxState`` as pretty-printed JSON with sorted keys, dates in seconds since 1970.
/// Writes are atomic and leave the file readable by its owner only, since it holds live
/// tokens. Callers hold the lock beside the file, `<state file>.lock`, around reads and writes.
struct StateFile: Sendable {
  let url: URL

  var lockPath: String { url.path + ".lock" }

  nonisolated(nonsending) func lock() async throws(SandboxStateError) -> FileLock {
    do {
      return try await FileLock.acquire(path: lockPath)
    } catch {
      throw failure(error)
    }
  }

  /// For the synchronous start of a sandbox, which blocks on file I/O anyway.
  func lockBlocking() throws(SandboxStateError) -> FileLock {
    do {
      return try FileLock.acquireBlocking(path: lockPath)
    } catch {
      throw failure(error)
    }
  }

  /// Removes the temporary files that writers killed mid-write left beside the file: this
  /// build's, abandoned since the caller holds the lock every writer takes (``save(_:)``
  /// removes them too), and the `.<name>.<UUID>.tmp` files of builds before 2026-11-23 once a
  /// minute old, since a process of such a build, still running, may be writing one now.
  func removeAbandonedTemporaryFiles(now: Date) {
    AtomicFile.removeAbandonedTemporaryFiles(of: url.path)
    let (directory, name) = FileSystem.split(url.path)
    let prefix = "." + name + "."
    for leftover in FileSystem.names(startingWith: prefix, in: directory) {
      let middle = leftover.dropFirst(prefix.count)
      guard middle.hasSuffix(".tmp"), UUID(uuidString: String(middle.dropLast(4))) != nil else {
        continue
      }
      let candidate = directory + "/" + leftover
      var info = stat()
      guard lstat(candidate, &info) == 0, info.isRegularFile else { continue }
      let age = now.timeIntervalSince1970 - Double(info.modificationSeconds)
      if age > Self.earlierBuildsWriteLimit { unlink(candidate) }
    }
  }

  /// Longer than any write of a state file takes.
  private static let earlierBuildsWriteLimit: TimeInterval = 60

  /// `nil` when there is no file yet.
  func load() throws(SandboxStateError) -> (state: SandboxState, version: FileVersion)? {
    let version: FileVersion
    let bytes: [UInt8]?
    do throws(FileError) {
      guard let opened = try FileVersion.open(url.path) else { return nil }
      version = opened
      bytes = try version.file.readAll(limit: .max)
    } catch {
      throw .unreadable(path: url.path, reason: error.reason)
    }
    return (try decode(Data(bytes ?? [])), version)
  }

  /// The version written, or `nil` when it cannot be opened again to pin it, so that the
  /// next request reads the file.
  func save(_ state: SandboxState) throws(SandboxStateError) -> FileVersion? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .secondsSince1970
    let data: Data
    do {
      data = try encoder.encode(state)
    } catch {
      throw .unwritable(path: url.path, reason: "the state cannot be encoded: \(error)")
    }
    do {
      try AtomicFile.replace(url.path, with: Array(data))
    } catch {
      throw .unwritable(path: url.path, reason: error.description)
    }
    // No other sandbox writes before the caller releases the lock: this is the version written.
    return try? FileVersion.open(url.path)
  }

  private func failure(_ error: FileLock.Failure) -> SandboxStateError {
    switch error {
    case .system(let failure): .unlockable(path: lockPath, reason: failure.reason)
    case .cancelled: .cancelled(path: lockPath)
    case .timedOut: .unlockable(path: lockPath, reason: "timed out")
    }
  }

  private func decode(_ data: Data) throws(SandboxStateError) -> SandboxState {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    func decoded<T: Decodable>(_ type: T.Type) throws(SandboxStateError) -> T {
      do {
        return try decoder.decode(type, from: data)
      } catch {
        throw .corrupt(path: url.path, reason: Self.reason(for: error))
      }
    }
    // The version first, so that a newer format is reported as such, not as corrupt.
    let version = try decoded(VersionProbe.self).version
    guard version == SandboxState.currentVersion else {
      throw .unsupportedVersion(path: url.path, version: version)
    }
    let state = try decoded(SandboxState.self)
    if let inconsistency = state.inconsistency {
      throw .corrupt(path: url.path, reason: inconsistency)
    }
    return state
  }

  private struct VersionProbe: Decodable {
    let version: Int
  }

  private static func reason(for error: any Error) -> String {
    guard let error = error as? DecodingError else { return "it is not valid JSON" }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(location(context.codingPath + [key])) is missing"
    case .valueNotFound(_, let context), .typeMismatch(_, let context):
      return "\(location(context.codingPath)) has the wrong type"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "it is not valid JSON"
    case .dataCorrupted(let context):
      return "\(location(context.codingPath)) is malformed"
    @unknown default:
      return "it cannot be decoded"
    }
  }

  private static func location(_ path: [any CodingKey]) -> String {
    path.isEmpty ? "the top level" : "the field \(JSONBody.describe(path))"
  }
}
