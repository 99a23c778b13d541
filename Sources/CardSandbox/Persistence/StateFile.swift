import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads and writes a ``SandboxState`` as pretty-printed JSON with sorted keys: dates as
/// seconds since 1970, picture bytes as base64. Writes are atomic and leave the file
/// readable by its owner only, since it holds live tokens. Callers hold the lock at
/// ``lockPath`` around reads and writes.
struct StateFile: Sendable {
  /// Where the state lives.
  let url: URL

  /// The path of the lock file that every sandbox on this state file takes around its
  /// reads and writes: the state file's path and `.lock`.
  var lockPath: String { url.path + ".lock" }

  /// The stored state and the version it was read from, or `nil` when there is no file yet.
  /// A file that is not a sound state throws; it is never replaced here.
  func load() throws(SandboxStateError) -> (state: SandboxState, version: StateFileVersion)? {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      let code = errno
      if code == ENOENT { return nil }
      throw .unreadable(path: url.path, reason: String(cString: strerror(code)))
    }
    // The version is taken before the bytes are read, so that a change made while they are
    // read shows as a newer version.
    guard let version = StateFileVersion(adopting: descriptor) else {
      throw .unreadable(path: url.path, reason: "its status cannot be read")
    }
    let data: Data
    do {
      data = try withExtendedLifetime(version) {
        try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readToEnd() ?? Data()
      }
    } catch {
      throw .unreadable(path: url.path, reason: error.localizedDescription)
    }
    return (try decode(data), version)
  }

  /// Replaces the file with `state` and returns the version written, or `nil` when it cannot
  /// be opened again to pin it, so that the next request reads the file.
  func save(_ state: SandboxState) throws(SandboxStateError) -> StateFileVersion? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .secondsSince1970
    do {
      try AtomicFile.replaceContents(of: url, with: try encoder.encode(state))
    } catch let error as AtomicFile.Failure {
      throw .unwritable(path: url.path, reason: error.reason)
    } catch {
      throw .unwritable(path: url.path, reason: "the state cannot be encoded: \(error)")
    }
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    return descriptor < 0 ? nil : StateFileVersion(adopting: descriptor)
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
    path.isEmpty ? "the top level" : "the field \(CodingPathText.describe(path))"
  }
}
