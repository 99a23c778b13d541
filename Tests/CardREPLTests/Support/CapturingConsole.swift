import CardREPL
import Synchronization

/// A console that keeps what was written to each stream.
final class CapturingConsole: Console {
  private let streams = Mutex<(output: String, error: String)>(("", ""))

  var output: String { streams.withLock { $0.output } }
  var error: String { streams.withLock { $0.error } }

  func writeOutput(_ text: String) { streams.withLock { $0.output += text } }
  func writeError(_ text: String) { streams.withLock { $0.error += text } }
}
