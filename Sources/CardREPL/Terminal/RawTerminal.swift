#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Switches standard input's terminal into raw mode (no echo, no line buffering, no signals
/// from Ctrl-C) and back, also when the process exits or dies of a signal, so that the shell
/// never inherits a raw terminal. Settings change at once (`TCSANOW`) without flushing input,
/// so lines typed or pasted ahead are read after the command before them.
enum RawTerminal {
  /// Enters raw mode; `false` when standard input is not a terminal that allows it.
  static func enter() -> Bool {
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return false }
    TerminalRestoration.remember(original)
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return false }
    TerminalRestoration.isRaw = true
    return true
  }

  static func leave() {
    TerminalRestoration.restore()
  }

  /// `TIOCGWINSZ`, which Swift cannot import from Darwin's headers (a function-like macro).
  #if canImport(Darwin)
    private static let windowSizeRequest: UInt = 0x4008_7468
  #else
    private static let windowSizeRequest = UInt(TIOCGWINSZ)
  #endif

  /// The terminal's width in columns, 80 when it cannot be told.
  static func columns(of descriptor: Int32) -> Int {
    var size = winsize()
    guard ioctl(descriptor, windowSizeRequest, &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}

/// The terminal settings to restore, in globals because a signal handler can reach nothing
/// else. The input thread writes them before raw mode starts; ``restore()`` calls only
/// `tcsetattr` (async-signal-safe), so a handler may run it at any moment, then put back the
/// handler from before (such as the Swift runtime's crash reporter) and raise the signal again.
enum TerminalRestoration {
  nonisolated(unsafe) private static var original = termios()
  nonisolated(unsafe) private static var hasOriginal = false
  nonisolated(unsafe) static var isRaw = false
  nonisolated(unsafe) private static var handlersInstalled = false
  nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(signalCount))
    actions.initialize(repeating: sigaction(), count: Int(signalCount))
    return actions
  }()

  private static let signalCount: Int32 = 32
  private static let fatalSignals = [
    SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE,
  ]

  /// Installs the exit and signal handlers the first time.
  static func remember(_ settings: termios) {
    original = settings
    hasOriginal = true
    guard !handlersInstalled else { return }
    handlersInstalled = true
    atexit { TerminalRestoration.restore() }
    for signalNumber in fatalSignals where signalNumber < signalCount {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handleFatalSignal
      #else
        action.__sigaction_handler.sa_handler = handleFatalSignal
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signalNumber, &action, previousActions + Int(signalNumber))
    }
  }

  static func reinstallPreviousAction(for signalNumber: Int32) {
    sigaction(signalNumber, previousActions + Int(signalNumber), nil)
  }

  static func restore() {
    guard hasOriginal, isRaw else { return }
    isRaw = false
    tcsetattr(STDIN_FILENO, TCSANOW, &original)
  }
}

private func handleFatalSignal(_ signalNumber: Int32) {
  TerminalRestoration.restore()
  TerminalRestoration.reinstallPreviousAction(for: signalNumber)
  raise(signalNumber)
}
