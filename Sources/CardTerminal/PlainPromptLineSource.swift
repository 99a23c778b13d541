import CardREPL

/// Lines typed at a terminal that cannot edit (`TERM=dumb`): a plain prompt, then the line
/// as the terminal's own line discipline collects it. No escape sequence is ever written.
package struct PlainPromptLineSource: LineSource {
  private let echo: FileDescriptorWriter

  /// The prompt goes to `echoDescriptor`: standard error in JSON mode.
  package init(echoDescriptor: Int32) {
    echo = FileDescriptorWriter(descriptor: echoDescriptor)
  }

  package var showsPrompt: Bool { true }

  package func nextLine(prompt: String) async -> LineInput {
    echo.write(prompt)
    return await BlockingInput.run { readLine(strippingNewline: true) }.map(LineInput.line)
      ?? .endOfInput
  }
}
