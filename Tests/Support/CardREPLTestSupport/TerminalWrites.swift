import CardPrimitives

/// What was written to a terminal, in order, such as the upload progress bar's lines.
package final class TerminalWrites: Sendable {
  private let writes = Protected<[String]>([])

  package init() {}

  package func write(_ text: String) { writes.withLock { $0.append(text) } }

  package var all: [String] { writes.withLock { $0 } }
}
