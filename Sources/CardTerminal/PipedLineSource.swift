import CardREPL

/// Standard input that is not a terminal: a script.
package struct PipedLineSource: LineSource {
  package init() {}

  package var showsPrompt: Bool { false }

  package func nextLine(prompt: String) async -> LineInput {
    await BlockingInput.run { readLine(strippingNewline: true) }.map(LineInput.line) ?? .endOfInput
  }
}
