import CardComposition
import CardREPL
import CardREPLTestSupport
import CardTestingPrimitives
import Foundation

/// Runs a golden script in process: a fresh temporary directory with `home/` as the home
/// directory and `files/` (a small PNG and a GIF) as the working directory, the sandbox
/// backend through ``CardComposition/AppGraph`` with retries that do not wait, and a
/// console that captures both streams.
struct GoldenRunner {
  /// Deleted with everything in it once the last copy of the runner is released.
  let directory: TemporaryDirectory
  let json: Bool

  var root: URL { directory.url }
  var home: URL { root.appendingPathComponent("home") }
  var files: URL { root.appendingPathComponent("files") }
  var sealedSession: URL {
    AppConfiguration(backend: .sandbox, homeDirectory: home).sessionDirectory
      .appendingPathComponent("credential.sealed")
  }

  init(json: Bool) throws {
    directory = try TemporaryDirectory()
    self.json = json
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    try onePixelPNG.write(to: files.appendingPathComponent("photo.png"))
    try Data("GIF89a\u{1}\0\u{1}\0\0\0\0;".utf8).write(to: files.appendingPathComponent("anim.gif"))
  }

  /// One run of a golden script: lines fed to a ``REPLSession``, or `card-repl` itself with
  /// these arguments.
  private enum Run {
    case session([String])
    case program([String])
  }

  /// Runs the script's runs one after the other and returns the normalised output.
  func run(_ script: [String]) async throws -> GoldenOutput {
    var backend = AppConfiguration.Backend.sandbox
    var runs: [Run] = [.session([])]
    var file: (name: String, lines: [String])?
    for line in script {
      if let open = file {
        if line == "#! end" {
          let text = open.lines.map { $0 + "\n" }.joined()
          try text.write(
            to: files.appendingPathComponent(open.name), atomically: true, encoding: .utf8)
          file = nil
        } else {
          file?.lines.append(line)
        }
      } else if line.hasPrefix("#! file ") {
        file = (String(line.dropFirst("#! file ".count)), [])
      } else if line.hasPrefix("#! card-repl ") {
        // A script that starts with `card-repl` has no session run before it.
        if runs.count == 1, case .session([]) = runs[0] { runs.removeAll() }
        let arguments = String(line.dropFirst("#! card-repl ".count))
        runs.append(.program(try Tokenizer.words(in: arguments)))
      } else if line.hasPrefix("#! server ") {
        backend = .server(URL(string: String(line.dropFirst("#! server ".count)))!)
      } else if line == "#! restart" {
        runs.append(.session([]))
      } else if case .session(let lines) = runs.last {
        runs[runs.count - 1] = .session(lines + [line])
      } else {
        runs.append(.session([line]))
      }
    }
    let console = CapturingConsole()
    var statuses: [Int32] = []
    for run in runs {
      switch run {
      case .session(let lines):
        let configuration = AppConfiguration(
          backend: backend, homeDirectory: home, retryBaseDelay: .zero)
        let graph = try AppGraph(configuration: configuration) { console.writeError($0 + "\n") }
        let session = REPLSession(
          services: graph.services, console: console,
          mode: json ? .json : .human(HumanRenderer()), workingDirectory: files)
        let summary = await session.run(DirectiveLineSource(lines: lines, runner: self))
        statuses.append(summary.scriptExitStatus)
      case .program(let arguments):
        let status = await CardREPLApp.run(
          arguments: arguments + ["--home", home.path] + (json ? ["--json"] : []),
          environment: ["NO_COLOR": "1", "HOME": root.path], console: console,
          currentDirectory: files)
        statuses.append(status)
      }
    }
    return GoldenOutput(
      stdout: normalise(console.output), stderr: normalise(console.error),
      exitStatuses: statuses)
  }

  /// Flips a byte in the middle of the sealed session file.
  func tamperWithSession() throws {
    var bytes = try Data(contentsOf: sealedSession)
    bytes[bytes.count / 2] ^= 0x01
    try bytes.write(to: sealedSession)
  }

  /// Every token the sandbox has issued, from its database and the database's log, where
  /// SQLite keeps text as it is (a removed row's text may stay: more tokens, not fewer).
  func issuedTokens() -> [String] {
    let files = ["sandbox/state.json", "sandbox/state.json-wal"]
    let text = files.compactMap { try? Data(contentsOf: home.appendingPathComponent($0)) }
      .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    return Self.tokens(in: text)
  }

  /// The strings shaped like the sandbox's tokens (`at_…`, `rt_…`) in `text`.
  static func tokens(in text: String) -> [String] {
    tokenPattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
      .compactMap { Range($0.range, in: text).map { String(text[$0]) } }
  }

  private static let tokenPattern = try! NSRegularExpression(
    pattern: "\\b(at|rt)_[A-Za-z0-9_-]{20,}")

  private func normalise(_ text: String) -> String {
    let lines = text.replacingOccurrences(of: root.path, with: "<root>")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in line.hasPrefix("[#") ? Self.normaliseLogLine(String(line)) : String(line) }
      .joined(separator: "\n")
    return Self.waitPattern.stringByReplacingMatches(
      in: lines, range: NSRange(lines.startIndex..., in: lines), withTemplate: "try again in S s")
  }

  /// A locked login's wait counts down on the wall clock from 60 s, so how many whole seconds
  /// it says depends on how long the script took to get there.
  private static let waitPattern = try! NSRegularExpression(pattern: "try again in [0-9]+ s\\b")

  private static let logPatterns: [(NSRegularExpression, String)] = [
    (try! NSRegularExpression(pattern: "^\\[#[0-9]+ "), "[#N "),
    (try! NSRegularExpression(pattern: "[0-9]+(\\.[0-9]+)? ms\\b"), "T ms"),
    (try! NSRegularExpression(pattern: "boundary=[^;\\s]+"), "boundary=<boundary>"),
  ]

  private static func normaliseLogLine(_ line: String) -> String {
    logPatterns.reduce(line) { line, rule in
      rule.0.stringByReplacingMatches(
        in: line, range: NSRange(line.startIndex..., in: line), withTemplate: rule.1)
    }
  }
}

/// The lines of one run, carrying out `#! tamper-store` when it is reached, between the
/// commands before and after it.
private final class DirectiveLineSource: LineSource {
  private let script: ScriptLineSource
  private let runner: GoldenRunner

  init(lines: [String], runner: GoldenRunner) {
    script = ScriptLineSource(lines: lines)
    self.runner = runner
  }

  var showsPrompt: Bool { false }

  func nextLine(prompt: String) async -> LineInput {
    let input = await script.nextLine(prompt: prompt)
    if input == .line("#! tamper-store") {
      do {
        try runner.tamperWithSession()
      } catch {
        return .line("# could not tamper with the session: \(error)")
      }
    }
    return input
  }
}
