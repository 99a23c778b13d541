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
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(descriptor, buffer.baseAddress, buffer.count)
        #elseif canImport(Musl)
          Musl.write(descriptor, buffer.baseAddress, buffer.count)
        #else
          Darwin.write(descriptor, buffer.baseAddress, buffer.count)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }
}
