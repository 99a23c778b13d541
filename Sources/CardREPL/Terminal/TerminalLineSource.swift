import Dispatch

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

/// Standard input that is not a terminal: a script.
package struct PipedLineSource: LineSource {
  package init() {}

  package var showsPrompt: Bool { false }

  package func nextLine(prompt: String) async -> LineInput {
    await BlockingInput.run { readLine(strippingNewline: true) }.map(LineInput.line) ?? .endOfInput
  }
}

/// Runs blocking reads of standard input on a thread of their own, so that they never hold
/// one of the few threads that run Swift tasks.
enum BlockingInput {
  private static let queue = DispatchQueue(label: "card-repl.input")

  static func run<Value: Sendable>(_ read: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: read()) }
    }
  }
}
