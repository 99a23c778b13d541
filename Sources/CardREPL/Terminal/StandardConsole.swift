import CardPrimitives

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
    guard !text.isEmpty else { return }
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
