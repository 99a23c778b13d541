import CardPrimitives
import CardREPL
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The process's own standard streams: the console on standard output and standard error, and
// what standard input gives when it is a pipe or a terminal that cannot edit.

/// The process's own standard output and standard error, and what they and standard input
/// are connected to.
package struct StandardConsole: Console {
  private let output = FileDescriptorWriter(descriptor: STDOUT_FILENO)
  private let error = FileDescriptorWriter(descriptor: STDERR_FILENO)

  package init() {}

  package func writeOutput(_ text: String) { output.write(text) }
  package func writeError(_ text: String) { error.write(text) }

  package static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
  package static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  package static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// The width of the terminal on standard error, `nil` when it does not say.
  package static var errorColumns: Int? {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}

/// Writes unbuffered, so that standard output and standard error interleave on a terminal
/// in the order they were written.
struct FileDescriptorWriter: Sendable {
  let descriptor: Int32

  /// Retries after interruptions; gives up silently on a closed descriptor, which must not
  /// crash the REPL.
  func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = retryingInterrupts {
        bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      }
      guard written >= 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}

/// `write(2)`, out of reach inside a type whose own method is named `write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
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

  /// The next line without its `\n` or `\r\n`; its bytes are checked, not repaired, so that
  /// a line that is not UTF-8 is ``LineInput/notUTF8``.
  static func line() async -> LineInput { await run { pending.withLock { $0.nextLine() } } }

  /// What was read from standard input past the last line handed out.
  private static let pending = Protected(PendingInput())
}

/// Standard input read in blocks and cut into lines, the bytes of each kept as they came.
private struct PendingInput {
  private var bytes: [UInt8] = []
  private var start = 0

  mutating func nextLine() -> LineInput {
    while true {
      if let newline = bytes[start...].firstIndex(of: 0x0A) {
        var line = bytes[start..<newline]
        start = newline + 1
        if line.last == 0x0D { line.removeLast() }
        return LineInput(decoding: line)
      }
      bytes.removeFirst(start)
      start = 0
      var block = [UInt8](repeating: 0, count: 65_536)
      let count = retryingInterrupts {
        block.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      }
      guard count > 0 else {
        // The end of the input: a last line without its newline, if any.
        guard !bytes.isEmpty else { return .endOfInput }
        defer { bytes.removeAll() }
        return LineInput(decoding: bytes)
      }
      bytes += block[..<count]
    }
  }
}

/// Standard input that is not a terminal: a script.
package struct PipedLineSource: LineSource {
  package init() {}

  package var showsPrompt: Bool { false }

  package func nextLine(prompt: String) async -> LineInput {
    await BlockingInput.line()
  }
}

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
    return await BlockingInput.line()
  }
}
