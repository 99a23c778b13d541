import Foundation
import Testing

/// One golden test: a script under `Goldens/` and the output it must produce, in human and
/// in JSON mode.
///
/// Files, for a case named `name`:
/// - `name.script`: the lines fed to the REPL. Lines starting with `#!` are directives to
///   this harness (the REPL itself would skip them as comments):
///   `#! restart` ends the run and starts another one with the same home directory;
///   `#! tamper-store` flips a byte in the middle of the sealed session file;
///   `#! server <url>` (first line) uses that server instead of the sandbox;
///   `#! file <name>` writes the lines up to `#! end` into `<name>` in the working directory
///   (no run);
///   `#! card-repl <arguments>` runs `card-repl` itself (``CardComposition/CardREPLApp``) with
///   these arguments, quoted as the REPL quotes, and the same home, as a run of its own.
/// - `name.stdout`, `name.stderr`: the expected output in human mode.
/// - `name.json.stdout`, `name.json.stderr`: the expected output with `--json`.
/// - `name.exit`: the exit status of each run, one per line, the same in both modes.
///
/// Before comparing, the temporary directory's path is written `<root>`, and in request
/// log lines (`[#N …]`) the request numbers, the timings and multipart boundaries are
/// written `#N`, `T ms` and `<boundary>`; a locked login's wait (`try again in 60 s`) is
/// written `try again in S s`.
struct GoldenCase: CustomTestStringConvertible, Sendable {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Goldens")

  /// Every case, in name order.
  static let all: [GoldenCase] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".script") }.sorted()
      .map { GoldenCase(name: String($0.dropLast(".script".count))) }
  }()

  let name: String

  var testDescription: String { name }

  func url(_ suffix: String) -> URL { Self.directory.appendingPathComponent(name + suffix) }

  func read(_ suffix: String) throws -> String {
    try String(contentsOf: url(suffix), encoding: .utf8)
  }

  /// The script's lines.
  func script() throws -> [String] {
    var lines = try read(".script").split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// What a golden script produced.
struct GoldenOutput: Equatable {
  var stdout = ""
  var stderr = ""
  var exitStatuses: [Int32] = []

  var exitText: String { exitStatuses.map(String.init).joined(separator: "\n") + "\n" }
}
