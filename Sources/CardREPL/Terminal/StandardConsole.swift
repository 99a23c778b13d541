#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard output and standard error.
public struct StandardConsole: Console {
  private let output = FileDescriptorWriter(descriptor: STDOUT_FILENO)
  private let error = FileDescriptorWriter(descriptor: STDERR_FILENO)

  /// The standard streams.
  public init() {}

  /// Writes to standard output.
  public func writeOutput(_ text: String) { output.write(text) }
  /// Writes to standard error.
  public func writeError(_ text: String) { error.write(text) }

  /// Whether standard input is a terminal.
  public static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
  /// Whether standard output is a terminal.
  public static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  /// Whether standard error is a terminal.
  public static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
