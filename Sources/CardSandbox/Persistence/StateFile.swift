import Foundation

/// Reads and writes a ``SandboxState`` as pretty-printed JSON with sorted keys: dates as
/// seconds since 1970, picture bytes as base64. Writes are atomic and leave the file
/// readable by its owner only, since it holds live tokens.
struct StateFile: Sendable {
  /// Where the state lives.
  let url: URL

  /// The stored state, or `nil` when there is no file yet. A file that is not a sound
  /// state throws; it is never replaced here.
  func load() throws(SandboxStateError) -> SandboxState? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(path: url.path, reason: error.localizedDescription)
    }
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

  /// Replaces the file with `state`.
  func save(_ state: SandboxState) throws(SandboxStateError) {
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
