import CardPrimitives
import CardREPL

/// A console that keeps everything written, in order, so a test compares the whole output
/// of each stream, or the order of writes across both. Safe to write from any task.
package final class CapturingConsole: Console {
  package enum Write: Hashable, Sendable {
    case output(String)
    case error(String)
  }

  private let log = Protected<[Write]>([])

  package init() {}

  package var writes: [Write] { log.withLock { $0 } }

  package var output: String {
    writes.map { if case .output(let text) = $0 { text } else { "" } }.joined()
  }

  package var error: String {
    writes.map { if case .error(let text) = $0 { text } else { "" } }.joined()
  }

  package func writeOutput(_ text: String) { log.withLock { $0.append(.output(text)) } }
  package func writeError(_ text: String) { log.withLock { $0.append(.error(text)) } }
}
