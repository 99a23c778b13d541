import CardPrimitives
import CardREPL

/// A console that keeps everything written to each stream, so a test compares the whole
/// output with what the REPL must print. Safe to write from any task.
package final class CapturingConsole: Console {
  private let streams = Protected<(output: String, error: String)>(("", ""))

  /// Creates a console with both streams empty.
  package init() {}

  /// Everything written to standard output so far.
  package var output: String { streams.withLock { $0.output } }
  /// Everything written to standard error so far.
  package var error: String { streams.withLock { $0.error } }

  /// Appends `text` to ``output``.
  package func writeOutput(_ text: String) { streams.withLock { $0.output += text } }
  /// Appends `text` to ``error``.
  package func writeError(_ text: String) { streams.withLock { $0.error += text } }
}
