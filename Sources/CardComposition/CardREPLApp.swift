import CardREPL
import CardTerminal
import Foundation

/// `card-repl` from its command line to its exit status: reads the options, builds the
/// graph, and runs the commands of `-c`, a script file, or standard input: interactively on
/// a terminal, as a script when piped.
package enum CardREPLApp {
  /// The exit status: for a script 0 when every command succeeded and 1 when any failed; 0
  /// after an interactive session; 1 when it could not start, a script or home it names
  /// being unusable; 2 for a bad command line, one that is wrong whatever the files hold.
  /// `currentDirectory` is where relative paths start (tests give their own).
  package static func run(
    arguments: [String], environment: [String: String],
    console: any Console = StandardConsole(),
    currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) async -> Int32 {
    let options: LaunchOptions
    let configuration: AppConfiguration
    let script: ScriptSource?
    do {
      options = try LaunchOptions.parse(arguments)
      if options.showsHelp || options.showsVersion {
        console.writeOutput(
          (options.showsHelp ? LaunchOptions.usage : LaunchOptions.version) + "\n")
        return 0
      }
      configuration = try AppConfiguration.resolve(
        options, environment: environment, currentDirectory: currentDirectory)
    } catch {
      console.writeError("card-repl: \(error); try 'card-repl --help'\n")
      return 2
    }
    // From here the command line is well formed: what it names that cannot be used (the
    // script, the home) means card-repl could not start.
    do {
      script = try self.script(options, in: currentDirectory)
    } catch {
      console.writeError("card-repl: \(error)\n")
      return 1
    }
    let graph: AppGraph
    do {
      let bar = uploadProgressBar(options, environment: environment, console: console)
      graph = try AppGraph(
        configuration: configuration,
        log: { line in
          if let bar { bar.writeAbove(line + "\n") } else { console.writeError(line + "\n") }
        }, uploadProgress: bar)
    } catch {
      console.writeError("card-repl: \(error)\n")
      return 1
    }
    let mode: OutputMode =
      options.json
      ? .json
      : .human(
        HumanRenderer(
          outputStyle: .forStream(
            isTerminal: StandardConsole.outputIsTerminal, environment: environment),
          errorStyle: .forStream(
            isTerminal: StandardConsole.errorIsTerminal, environment: environment)))
    let interrupts = InterruptController()
    let echo = options.json ? STDERR_FILENO : STDOUT_FILENO
    let recentCards = RecentCards()
    let session = REPLSession(
      services: graph.services, console: console, mode: mode, workingDirectory: currentDirectory,
      interrupts: interrupts, passwords: passwords(options, echo: echo),
      recentCards: recentCards)
    if let script {
      return await session.run(script, stopsOnError: options.stopsOnError).scriptExitStatus
    }
    guard StandardConsole.inputIsTerminal else {
      return await session.run(PipedLineSource(), stopsOnError: options.stopsOnError)
        .scriptExitStatus
    }
    let signals = SignalInterrupts(controller: interrupts, echoDescriptor: echo)
    defer { signals.cancel() }
    let banner =
      "card-repl on the \(configuration.backend); "
      + "home \(configuration.homeDirectory.path). Type 'help' for the commands, Ctrl-D to leave.\n"
    if options.json { console.writeError(banner) } else { console.writeOutput(banner) }
    let lines = lineSource(
      echo: echo, home: configuration.homeDirectory, environment: environment,
      completer: LineCompleter(recentCards: recentCards, workingDirectory: currentDirectory))
    _ = await session.run(lines)
    return 0
  }

  /// A bar on standard error when it is a terminal that can redraw a line (`TERM` set and not
  /// `dumb`), and never with `--json`: piped and JSON output stay free of it.
  private static func uploadProgressBar(
    _ options: LaunchOptions, environment: [String: String], console: any Console
  ) -> UploadProgressBar? {
    guard !options.json, StandardConsole.errorIsTerminal, canRedraw(environment) else {
      return nil
    }
    return UploadProgressBar(columns: StandardConsole.errorColumns ?? 80) {
      console.writeError($0)
    }
  }

  /// The script of `-c` or of a file, `nil` when the commands come from standard input.
  private static func script(_ options: LaunchOptions, in directory: URL) throws(LaunchError)
    -> ScriptSource?
  {
    if let commands = options.commands { return .commands(commands) }
    guard let file = options.scriptFile else { return nil }
    do {
      return try .file(named: file, in: directory)
    } catch {
      throw LaunchError(error.description)
    }
  }

  /// libedit's editor, with its history in the home directory, unless the terminal cannot
  /// edit (`TERM` unset, empty or `dumb`) or libedit cannot start: then a plain prompt, and
  /// never an escape sequence.
  private static func lineSource(
    echo: Int32, home: URL, environment: [String: String], completer: LineCompleter
  ) -> any LineSource {
    guard canRedraw(environment),
      let editor = EditLineSource(
        echoDescriptor: echo, historyPath: home.appendingPathComponent("history").path,
        completer: completer)
    else { return PlainPromptLineSource(echoDescriptor: echo) }
    return editor
  }

  /// `--password-stdin` reads standard input; otherwise a terminal is asked, unechoed; a
  /// script without the option has none, and its `login` needs the password on the line.
  private static func passwords(_ options: LaunchOptions, echo: Int32) -> (any PasswordSource)? {
    if options.passwordFromStandardInput { return StandardInputPasswordSource() }
    return StandardConsole.inputIsTerminal ? TerminalPasswordSource(echoDescriptor: echo) : nil
  }

  /// Whether the terminal can redraw a line: `TERM` set, and not `dumb`.
  private static func canRedraw(_ environment: [String: String]) -> Bool {
    !["", "dumb"].contains(environment["TERM"] ?? "")
  }
}
