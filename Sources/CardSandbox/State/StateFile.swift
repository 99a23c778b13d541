import CardPrimitives
import Foundation

/// Why a sandbox could not load or save its state file.
public enum SandboxStateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file exists but could not be read.
  case unreadable(path: String, reason: String)
  /// The file was read but is not a sandbox state: not JSON, a missing field, or
  /// contradictory content. The file is left as it is; a sandbox created with
  /// `startFresh: true` overwrites it with the seed state.
  case corrupt(path: String, reason: String)
  /// The file was written by a format version this sandbox does not know.
  case unsupportedVersion(path: String, version: Int)
  case unwritable(path: String, reason: String)
  /// The lock file beside the state file, which every sandbox on that file holds while it
  /// reads, changes and writes the state, could not be opened or locked.
  case unlockable(path: String, reason: String)
  /// The calling task was cancelled while another sandbox held the lock file at `path`;
  /// nothing was read or written.
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

/// Everything a sandbox keeps between requests, and writes to its state file: the cards
/// with their pictures, each user's list order, the id counter and the live tokens. The
/// injected faults are not part of it.
struct SandboxState: Codable, Sendable {
  /// The state file format this sandbox writes and reads.
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

/// A sandbox's state and, with a state file, the version of the file it mirrors.
///
/// With a file, the file is the one source of truth, shared with every sandbox on it in this
/// process or another, as a server's database would be. Callers hold the file's lock
/// (``StateFile/lock()``), call ``catchUp()`` before they look at ``current``, and
/// ``commit(_:)`` their change before they release the lock.
struct SharedState {
  /// The state as of the last ``catchUp()`` or ``commit(_:)``.
  private(set) var current: SandboxState
  /// `nil` for a state in memory only.
  let file: StateFile?
  /// The file version that ``current`` was read from or written as; `nil` when it is not
  /// known, so that the next ``catchUp()`` reads the file.
  private var version: FileVersion?

  init(inMemory state: SandboxState) {
    current = state
    file = nil
  }

  /// The state in `file`, which is written with the seed state when there is none, or, with
  /// `startFresh`, whatever it holds. The caller holds the file's lock.
  init(file: StateFile, startFresh: Bool) throws(SandboxStateError) {
    current = SeedData.state
    self.file = file
    if startFresh {
      version = try file.save(current)
    } else {
      try catchUp()
    }
  }

  /// Reads the file when it is not the version this state last read or wrote. A missing file
  /// starts again from the seed state, which is written. A file that is not a sound state
  /// throws and is left as it is, and so is this state. In memory, does nothing.
  mutating func catchUp() throws(SandboxStateError) {
    guard let file, !(version?.isCurrent(at: file.url.path) ?? false) else { return }
    if let stored = try file.load() {
      current = stored.state
      version = stored.version
    } else {
      let seed = SeedData.state
      version = try file.save(seed)
      current = seed
    }
  }

  /// Saves `next` when there is a file, then makes it the state; when it cannot be saved,
  /// nothing changes.
  mutating func commit(_ next: SandboxState) throws(SandboxStateError) {
    if let file {
      version = try file.save(next)
    }
    current = next
  }
}

/// Reads and writes a ``SandboxState`` as pretty-printed JSON with sorted keys: dates as
/// seconds since 1970, picture bytes as base64. Writes are atomic (``CardPrimitives/AtomicFile``)
/// and leave the file readable by its owner only, since it holds live tokens. Callers hold
/// the lock beside the file, `<state file>.lock`, around reads and writes.
struct StateFile: Sendable {
  let url: URL

  var lockPath: String { url.path + ".lock" }

  /// Waits for the lock without blocking a thread; see ``CardPrimitives/FileLock``.
  nonisolated(nonsending) func lock() async throws(SandboxStateError) -> FileLock {
    do {
      return try await FileLock.acquire(path: lockPath)
    } catch {
      throw failure(error)
    }
  }

  /// Blocks the calling thread until the lock is free: for the synchronous start of a
  /// sandbox, which blocks on file I/O anyway. Another sandbox holds the lock only while it
  /// answers one request.
  func lockBlocking() throws(SandboxStateError) -> FileLock {
    do {
      return try FileLock.acquireBlocking(path: lockPath)
    } catch {
      throw failure(error)
    }
  }

  /// The stored state and the version it was read from, or `nil` when there is no file yet.
  /// A file that is not a sound state throws; it is never replaced here.
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

  /// Replaces the file with `state` and returns the version written, or `nil` when it cannot
  /// be opened again to pin it, so that the next request reads the file.
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
    let state: SandboxState
    do {
      let version = try decoder.decode(VersionProbe.self, from: data).version
      guard version == SandboxState.currentVersion else {
        throw SandboxStateError.unsupportedVersion(path: url.path, version: version)
      }
      state = try decoder.decode(SandboxState.self, from: data)
    } catch let error as SandboxStateError {
      throw error
    } catch {
      throw .corrupt(path: url.path, reason: Self.reason(for: error))
    }
    if let inconsistency = state.inconsistency {
      throw .corrupt(path: url.path, reason: inconsistency)
    }
    return state
  }

  /// Just the format version, read before the rest so that a newer format is reported as
  /// such rather than as corrupt.
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
