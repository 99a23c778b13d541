import CardDomain
import Foundation

/// The read–run–print loop: runs each line of a ``LineSource`` and prints the notes it caused,
/// then its result (failures on standard error, after `file:line: ` when the source is a
/// script file). Blank and `#` lines are skipped; `exit`, `quit` and the end of input stop
/// it, and so does a failure when it stops on errors; Ctrl-C cancels the running command only.
package struct REPLSession: Sendable {
  private let services: REPLServices
  private let console: any Console
  private let mode: OutputMode
  private let runner: CommandRunner
  private let interrupts: InterruptController
  private let passwords: (any PasswordSource)?
  private let recentCards: RecentCards

  /// `passwords` answers a `login` without a password; `recentCards` gets the ids each
  /// listing shows.
  package init(
    services: REPLServices, console: any Console, mode: OutputMode, workingDirectory: URL,
    interrupts: InterruptController = InterruptController(),
    passwords: (any PasswordSource)? = nil, recentCards: RecentCards = RecentCards()
  ) {
    self.services = services
    self.console = console
    self.mode = mode
    self.runner = CommandRunner(services: services, workingDirectory: workingDirectory)
    self.interrupts = interrupts
    self.passwords = passwords
    self.recentCards = recentCards
  }

  /// Blank and comment lines are not commands.
  package struct Summary: Hashable, Sendable {
    package var commands = 0
    package var failures = 0

    package var scriptExitStatus: Int32 { failures == 0 ? 0 : 1 }
  }

  /// With `stopsOnError`, the first failed command ends the run (psql's `ON_ERROR_STOP`).
  package func run(_ source: some LineSource, stopsOnError: Bool = false) async -> Summary {
    var summary = Summary()
    var lineNumber = 0
    while true {
      let prompt = source.showsPrompt ? await self.prompt() : ""
      switch await source.nextLine(prompt: prompt) {
      case .endOfInput: return summary
      case .interrupted: continue
      case .line(let line):
        lineNumber += 1
        let location = source.origin.map { ScriptLocation(source: $0, line: lineNumber) }
        guard let outcome = await execute(line, at: location) else { continue }
        summary.commands += 1
        if case .failure = outcome {
          summary.failures += 1
          if stopsOnError { return summary }
        }
        if case .success(.exit) = outcome { return summary }
      case .notUTF8:
        lineNumber += 1
        let location = source.origin.map { ScriptLocation(source: $0, line: lineNumber) }
        let failure = CommandFailure(
          .invalid, "line \(lineNumber) is not UTF-8 text; nothing of it was run")
        print(command: nil, outcome: .failure(failure), location: location, attempts: nil)
        summary.commands += 1
        summary.failures += 1
        if stopsOnError { return summary }
      }
    }
  }

  /// Runs one line and prints what it produced; `nil` for a blank or comment line.
  package func execute(_ line: String, at location: ScriptLocation? = nil) async
    -> CommandOutcome?
  {
    let name: String
    let command: Command
    do {
      guard let parsed = try CommandParser.parse(line) else { return nil }
      (name, command) = parsed
    } catch {
      let outcome = CommandOutcome.failure(CommandFailure(error))
      print(command: error.command, outcome: outcome, location: location, attempts: nil)
      return outcome
    }
    let outcome: CommandOutcome
    do throws(CommandFailure) {
      let complete = try await askingForPassword(command)
      services.uploadProgress?.begin()
      outcome = await interrupts.run { [runner] in await runner.run(complete) }
      await services.uploadProgress?.end()
    } catch {
      outcome = .failure(error)
    }
    recentCards.record(outcome)
    var attempts: Int?
    for note in services.notes.takeNotes() {
      switch (note, mode) {
      case (.finishedAfter(let count), _): attempts = max(attempts ?? 0, count)
      case (.retrying, .json): continue
      default: console.writeError(HumanRenderer(errorStyle: errorStyle).note(note))
      }
    }
    print(command: name, outcome: outcome, location: location, attempts: attempts)
    return outcome
  }

  /// `command` with the password a `login` left out, from ``PasswordSource`` when there is
  /// one; without one, the runner refuses the login.
  private func askingForPassword(_ command: Command) async throws(CommandFailure) -> Command {
    guard case .login(let userID, nil) = command, let passwords else { return command }
    return .login(userID: userID, password: try await passwords.password(prompt: "Password: "))
  }

  /// `card-repl [backend] user> `, without the user when no one is signed in.
  package func prompt() async -> String {
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

  /// `attempts` goes to JSON only: people saw each retry as a note.
  private func print(
    command: String?, outcome: CommandOutcome, location: ScriptLocation?, attempts: Int?
  ) {
    switch mode {
    case .json:
      let line = JSONRenderer.line(
        command: command, outcome: outcome, location: location, attempts: attempts)
      console.writeOutput(line + "\n")
    case .human(let renderer):
      switch outcome {
      case .success(let output): console.writeOutput(renderer.output(output))
      case .failure(let failure): console.writeError(renderer.failure(failure, at: location))
      }
    }
  }
}

package enum OutputMode: Sendable {
  case human(HumanRenderer)
  case json
}

/// Standard output for data, standard error for failures, notes and the request log.
package protocol Console: Sendable {
  func writeOutput(_ text: String)
  func writeError(_ text: String)
}

/// Where the REPL's lines come from: a script, a terminal, or a test. Only a source that
/// shows prompts is given one (working it out asks for the current user).
package protocol LineSource: Sendable {
  var showsPrompt: Bool { get }
  /// The script file's name, which failures then start with (`script.txt:3: `); `nil` for
  /// every other source.
  var origin: String? { get }
  func nextLine(prompt: String) async -> LineInput
}

extension LineSource {
  package var origin: String? { nil }
}

/// Where `login <userId>` gets the password that was left out: the terminal, without echo,
/// or standard input for a script (`--password-stdin`). Without one, such a login fails.
package protocol PasswordSource: Sendable {
  /// Fails as ``CommandFailure/cancelled`` on Ctrl-C, and as `invalid` when the input ends
  /// before a password.
  func password(prompt: String) async throws(CommandFailure) -> String
}

package enum LineInput: Hashable, Sendable {
  /// Without its newline.
  case line(String)
  /// The end of the script, or Ctrl-D.
  case endOfInput
  /// The user pressed Ctrl-C while typing: the line is dropped and a new one read.
  case interrupted
  /// A line whose bytes are not UTF-8: refused as a failed command, never run, rather than
  /// run with its bad bytes replaced.
  case notUTF8

  /// The line of `bytes` (without its newline), or ``notUTF8``.
  package init(decoding bytes: some Collection<UInt8>) {
    self = String(validating: bytes, as: UTF8.self).map(LineInput.line) ?? .notUTF8
  }
}
