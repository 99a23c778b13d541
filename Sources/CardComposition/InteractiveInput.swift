import CardREPL
import CardTerminal
import Foundation

/// Where an interactive session's lines and a left-out password come from.
enum InteractiveInput {
  /// libedit's editor, with its history in the home directory, unless the terminal cannot
  /// edit (`TERM` unset, empty or `dumb`) or libedit cannot start: then a plain prompt, and
  /// never an escape sequence.
  static func lineSource(
    echo: Int32, home: URL, environment: [String: String], completer: LineCompleter
  ) -> any LineSource {
    let terminal = environment["TERM"] ?? ""
    guard !terminal.isEmpty, terminal != "dumb",
      let editor = EditLineSource(
        echoDescriptor: echo, historyPath: home.appendingPathComponent("history").path,
        completer: completer)
    else { return PlainPromptLineSource(echoDescriptor: echo) }
    return editor
  }

  /// `--password-stdin` reads standard input; otherwise a terminal is asked, unechoed; a
  /// script without the option has none, and its `login` needs the password on the line.
  static func passwords(_ options: LaunchOptions, echo: Int32) -> (any PasswordSource)? {
    if options.passwordFromStandardInput { return StandardInputPasswordSource() }
    return StandardConsole.inputIsTerminal ? TerminalPasswordSource(echoDescriptor: echo) : nil
  }
}
