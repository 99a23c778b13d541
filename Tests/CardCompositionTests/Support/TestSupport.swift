import CardREPL
import Foundation
import Synchronization

/// A temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-composition-\(UUID().uuidString)").resolvingSymlinksInPath()
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func appending(_ path: String) -> URL { url.appendingPathComponent(path) }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A console that keeps what was written to each stream.
final class CapturingConsole: Console {
  private let streams = Mutex<(output: String, error: String)>(("", ""))

  var output: String { streams.withLock { $0.output } }
  var error: String { streams.withLock { $0.error } }

  func writeOutput(_ text: String) { streams.withLock { $0.output += text } }
  func writeError(_ text: String) { streams.withLock { $0.error += text } }
}

/// A 1×1 grey PNG.
let onePixelPNG = Data(
  base64Encoded:
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="
)!
