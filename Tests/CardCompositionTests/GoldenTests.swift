import Foundation
import Testing

/// Every script under `Goldens/` run in human and in JSON mode, against its expected
/// standard output, standard error and exit statuses. Set `UPDATE_GOLDENS=1` to write the
/// files from what the REPL prints now, then review the diff.
@Suite("Golden scripts")
struct GoldenTests {
  private static let updating = ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1"

  @Test func thereAreGoldenScripts() {
    #expect(GoldenCase.all.count >= 20)
  }

  @Test(arguments: GoldenCase.all)
  func human(_ golden: GoldenCase) async throws {
    try await check(golden, json: false)
  }

  @Test(arguments: GoldenCase.all)
  func json(_ golden: GoldenCase) async throws {
    try await check(golden, json: true)
  }

  private func check(_ golden: GoldenCase, json: Bool) async throws {
    let runner = try GoldenRunner(json: json)
    let actual = try await runner.run(try golden.script())
    let prefix = json ? ".json" : ""

    if Self.updating {
      try actual.stdout.write(to: golden.url(prefix + ".stdout"), atomically: true, encoding: .utf8)
      try actual.stderr.write(to: golden.url(prefix + ".stderr"), atomically: true, encoding: .utf8)
      try actual.exitText.write(to: golden.url(".exit"), atomically: true, encoding: .utf8)
    }
    #expect(actual.stdout == (try golden.read(prefix + ".stdout")), "stdout of \(golden.name)")
    #expect(actual.stderr == (try golden.read(prefix + ".stderr")), "stderr of \(golden.name)")
    #expect(actual.exitText == (try golden.read(".exit")), "exit statuses of \(golden.name)")

    // No secret ever reaches the output: no token the sandbox issued, no password typed.
    let issued = runner.issuedTokens()
    for token in issued {
      #expect(!actual.stdout.contains(token) && !actual.stderr.contains(token))
    }
    #expect(GoldenRunner.tokens(in: actual.stdout + actual.stderr).isEmpty)
    for secret in ["hunter2-secret"] {
      #expect(!actual.stdout.contains(secret) && !actual.stderr.contains(secret))
    }
    if json { try checkJSONLines(actual.stdout) }
  }

  /// Every line of JSON output is one JSON object with `command`, `ok` and `result`.
  private func checkJSONLines(_ output: String) throws {
    for line in output.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["ok"] is Bool, "\(line)")
      #expect(object?["result"] is String, "\(line)")
      #expect(object?.keys.contains("command") == true, "\(line)")
    }
  }
}
