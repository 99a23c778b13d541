import Foundation

/// A fresh directory for one test's state file, removed afterwards.
struct TemporaryDirectory: ~Copyable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-sandbox-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// `state.json` in the directory.
  var stateFile: URL { url.appendingPathComponent("state.json") }

  /// `state.json.lock`, the state file's lock file.
  var lockFile: URL { url.appendingPathComponent("state.json.lock") }

  deinit { try? FileManager.default.removeItem(at: url) }
}
