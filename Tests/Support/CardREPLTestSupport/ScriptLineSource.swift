import CardPrimitives
import CardREPL

/// A script held in memory.
package final class ScriptLineSource: LineSource {
  private let remaining: Protected<ArraySlice<String>>

  package init(lines: [String]) { remaining = Protected(ArraySlice(lines)) }

  package var showsPrompt: Bool { false }

  package func nextLine(prompt: String) async -> LineInput {
    remaining.withLock { lines in lines.popFirst().map(LineInput.line) ?? .endOfInput }
  }
}
