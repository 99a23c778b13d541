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
///
/// The settings to restore are globals because a signal handler can reach nothing else;
/// ``leave()`` calls only `tcsetattr` (async-signal-safe), so a handler may run it at any moment.
enum RawTerminal {
  nonisolated(unsafe) private static var original = termios()
  nonisolated(unsafe) private static var isRaw = false
  nonisolated(unsafe) private static var handlersInstalled = false
  nonisolated(unsafe) fileprivate static let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(signalCount))
    actions.initialize(repeating: sigaction(), count: Int(signalCount))
    return actions
  }()

  private static let signalCount: Int32 = 32
  private static let fatalSignals = [
    SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE,
  ]

  /// Enters raw mode; `false` when standard input is not a terminal that allows it.
  static func enter() -> Bool {
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return false }
    installHandlers()
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return false }
    isRaw = true
    return true
  }

  static func leave() {
    guard isRaw else { return }
    isRaw = false
    tcsetattr(STDIN_FILENO, TCSANOW, &original)
  }

  /// The first time: restores the terminal at exit, and on a fatal signal before the handler
  /// from before (such as the Swift runtime's crash reporter) gets the signal again.
  private static func installHandlers() {
    guard !handlersInstalled else { return }
    handlersInstalled = true
    atexit { RawTerminal.leave() }
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

private func handleFatalSignal(_ signalNumber: Int32) {
  RawTerminal.leave()
  sigaction(signalNumber, RawTerminal.previousActions + Int(signalNumber), nil)
  raise(signalNumber)
}
