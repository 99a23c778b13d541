import CardPrimitives
import CardREPL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Where a `login` without a password gets it: the terminal, unechoed, or standard input.

/// A password typed at the terminal without echo, as `psql` asks for one: the prompt, then
/// the keys read one at a time with echo and signals off, so that Ctrl-C is a key that
/// cancels the login. Backspace and Ctrl-U edit; Enter ends; Ctrl-D on nothing gives up.
package struct TerminalPasswordSource: PasswordSource {
  private let echo: FileDescriptorWriter

  /// The prompt goes to `echoDescriptor`: standard error in JSON mode.
  package init(echoDescriptor: Int32) {
    echo = FileDescriptorWriter(descriptor: echoDescriptor)
  }

  package func password(prompt: String) async throws(CommandFailure) -> String {
    let typed = await BlockingInput.run { [echo] in Self.readHidden(prompt: prompt, echo: echo) }
    echo.write("\n")
    switch typed {
    case .line(let password): return password
    case .interrupted: throw .cancelled
    case .endOfInput: throw CommandFailure(.invalid, "no password was typed")
    case .notUTF8: throw CommandFailure(.invalid, "the password typed is not UTF-8 text")
    }
  }

  /// The prompt is written once echo is off: keys typed as soon as it shows are not echoed.
  private static func readHidden(prompt: String, echo: FileDescriptorWriter) -> LineInput {
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return .endOfInput }
    var hidden = original
    hidden.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
    withUnsafeMutableBytes(of: &hidden.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &hidden) == 0 else { return .endOfInput }
    defer { tcsetattr(STDIN_FILENO, TCSANOW, &original) }
    echo.write(prompt)
    var bytes: [UInt8] = []
    while true {
      var byte: UInt8 = 0
      guard retryingInterrupts({ read(STDIN_FILENO, &byte, 1) }) == 1 else { return .endOfInput }
      switch byte {
      case 0x0A, 0x0D: return LineInput(decoding: bytes)
      case 0x03: return .interrupted
      case 0x04 where bytes.isEmpty: return .endOfInput
      case 0x15: bytes.removeAll()
      case 0x08, 0x7F:
        // The whole last character, all of its UTF-8 bytes.
        while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
      default: bytes.append(byte)
      }
    }
  }
}

/// The password of a script's `login <userId>`: the next line of standard input, as
/// `card-repl --password-stdin` asks. Nothing is printed.
package struct StandardInputPasswordSource: PasswordSource {
  package init() {}

  package func password(prompt: String) async throws(CommandFailure) -> String {
    switch await BlockingInput.line() {
    case .line(let line): return line
    case .notUTF8:
      throw CommandFailure(.invalid, "the password on standard input is not UTF-8 text")
    case .endOfInput, .interrupted: throw CommandFailure(.invalid, "no password on standard input")
    }
  }
}
