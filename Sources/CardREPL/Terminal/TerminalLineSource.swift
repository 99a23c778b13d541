import CardPrimitives
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines typed at a terminal, edited in raw mode (see ``Key``). Raw mode lasts only while a
/// line is typed, so that during a command Ctrl-C is a signal that cancels it. Without raw
/// mode, the line is read with `readLine()` after a plain prompt.
package final class TerminalLineSource: LineSource {
  private let editor = Protected(LineEditor())
  private let echo: FileDescriptorWriter

  /// The prompt and echo go to `echoDescriptor`: standard error in JSON mode, so that
  /// standard output stays JSON.
  package init(echoDescriptor: Int32) {
    echo = FileDescriptorWriter(descriptor: echoDescriptor)
  }

  package var showsPrompt: Bool { true }

  package func nextLine(prompt: String) async -> LineInput {
    await BlockingInput.run { [self] in self.readLine(prompt: prompt) }
  }

  private func readLine(prompt: String) -> LineInput {
    guard RawTerminal.enter() else {
      echo.write(prompt)
      return Swift.readLine(strippingNewline: true).map(LineInput.line) ?? .endOfInput
    }
    defer { RawTerminal.leave() }
    var renderer = LineRenderer(columns: RawTerminal.columns(of: echo.descriptor))
    var decoder = KeyDecoder()
    var state = editor.withLock { $0 }
    defer { editor.withLock { $0 = state } }
    echo.write(renderer.redraw(prompt: prompt, buffer: [], cursor: 0))

    while let byte = readByte() {
      for key in decoder.feed(byte) {
        let typed = state.buffer
        switch state.handle(key) {
        case .redraw:
          echo.write(renderer.redraw(prompt: prompt, buffer: state.buffer, cursor: state.cursor))
        case .submit(let line):
          echo.write(renderer.finish(prompt: prompt, buffer: typed))
          return .line(line)
        case .endOfInput:
          echo.write(renderer.finish(prompt: prompt, buffer: typed))
          return .endOfInput
        case .interrupt:
          echo.write(renderer.redraw(prompt: prompt, buffer: typed, cursor: typed.count) + "^C\r\n")
          return .interrupted
        }
      }
    }
    echo.write("\r\n")
    return .endOfInput
  }

  /// `nil` at the end of input or on an error.
  private func readByte() -> UInt8? {
    var byte: UInt8 = 0
    return retryingInterrupts { read(STDIN_FILENO, &byte, 1) } == 1 ? byte : nil
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
