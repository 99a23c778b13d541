import CardDomain
import Foundation

/// The read–run–print loop: reads lines from a ``LineSource``, runs each command and prints
/// its result, the notes it caused, and failures on standard error.
///
/// Blank lines and lines starting with `#` are skipped. `exit`, `quit` and the end of input
/// stop the loop. Ctrl-C, through the ``InterruptController``, cancels the running command
/// only.
public struct REPLSession: Sendable {
  private let services: REPLServices
  private let console: any Console
  private let mode: OutputMode
  private let runner: CommandRunner
  private let interrupts: InterruptController

  /// Creates a session.
  ///
  /// - Parameters:
  ///   - services: what the commands act on.
  ///   - console: where output goes.
  ///   - mode: human or JSON output.
  ///   - workingDirectory: where relative image paths start.
  ///   - interrupts: cancels the running command on Ctrl-C.
  public init(
    services: REPLServices, console: any Console, mode: OutputMode, workingDirectory: URL,
    interrupts: InterruptController = InterruptController()
  ) {
    self.services = services
    self.console = console
    self.mode = mode
    self.runner = CommandRunner(services: services, workingDirectory: workingDirectory)
    self.interrupts = interrupts
  }

  /// How the loop ended.
  public struct Summary: Hashable, Sendable {
    /// How many commands ran (blank and comment lines are not commands).
    public var commands: Int
    /// How many of them failed.
    public var failures: Int

    /// A summary of `commands` commands of which `failures` failed.
    public init(commands: Int = 0, failures: Int = 0) {
      self.commands = commands
      self.failures = failures
    }

    /// The exit status of a script: 0 when every command succeeded, 1 otherwise.
    public var scriptExitStatus: Int32 { failures == 0 ? 0 : 1 }
  }

  /// Runs lines until `exit`, `quit` or the end of input.
  public func run(_ source: some LineSource) async -> Summary {
    var summary = Summary()
    while true {
      let prompt = source.showsPrompt ? await self.prompt() : ""
      switch await source.nextLine(prompt: prompt) {
      case .endOfInput: return summary
      case .interrupted: continue
      case .line(let line):
        guard let step = await execute(line) else { continue }
        summary.commands += 1
        if !step.succeeded { summary.failures += 1 }
        if step.exits { return summary }
      }
    }
  }

  /// What one command line did.
  public struct Step: Hashable, Sendable {
    /// Whether the command succeeded.
    public let succeeded: Bool
    /// Whether it asked to leave.
    public let exits: Bool
  }

  /// Runs one line and prints what it produced; `nil` for a blank or comment line.
  public func execute(_ line: String) async -> Step? {
    let command: Command
    do {
      guard case .command(let parsed) = try CommandParser.parse(line) else { return nil }
      command = parsed
    } catch {
      print(command: error.command, outcome: .failure(CommandFailure(error)))
      return Step(succeeded: false, exits: false)
    }
    let outcome = await interrupts.run { [runner] in await runner.run(command) }
    for note in services.notes.takeNotes() {
      console.writeError(HumanRenderer(errorStyle: errorStyle).note(note))
    }
    print(command: command.name, outcome: outcome)
    let succeeded = if case .success = outcome { true } else { false }
    let exits = if case .success(.exit) = outcome { true } else { false }
    return Step(succeeded: succeeded, exits: exits)
  }

  /// `card-repl [backend] user> `, without the user when no one is signed in.
  public func prompt() async -> String {
    let user: String
    do {
      user = try await services.currentUser.execute().map { " \($0.userID.rawValue)" } ?? ""
    } catch {
      user = " (session unreadable)"
    }
    return "card-repl [\(services.backendName)]\(user)> "
  }

  private var errorStyle: TextStyle {
    if case .human(let renderer) = mode { renderer.errorStyle } else { .plain }
  }

  private func print(command: String?, outcome: CommandOutcome) {
    switch mode {
    case .json:
      console.writeOutput(JSONRenderer.line(command: command, outcome: outcome) + "\n")
    case .human(let renderer):
      switch outcome {
      case .success(let output): console.writeOutput(renderer.output(output))
      case .failure(let failure): console.writeError(renderer.failure(failure))
      }
    }
  }
}
