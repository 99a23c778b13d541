import CardREPL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
