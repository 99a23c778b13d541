import CardPrimitives
import CardREPL

/// A console that keeps everything written to each stream, so a test compares the whole
/// output with what the REPL must print. Safe to write from any task.
package final class CapturingConsole: Console {
  private let streams = Protected<(output: String, error: String)>(("", ""))

  package init() {}

  package var output: String { streams.withLock { $0.output } }
  package var error: String { streams.withLock { $0.error } }

  package func writeOutput(_ text: String) { streams.withLock { $0.output += text } }
  package func writeError(_ text: String) { streams.withLock { $0.error += text } }
}
