import Foundation
import Testing

/// The built `card-repl` with `--server` pointed at the live server: its `sandbox` commands
/// reach the server's admin path, and the faults they set cross the wire.
@Suite("card-repl's sandbox commands against the server")
struct REPLSandboxCommandsTests {
  // A safety limit, not a measure: a hung child process fails the test instead of the run.
  @Test(.timeLimit(.minutes(2)))
  func failThenCardsOverTheWire() async throws {
    try await LiveServer.with { server in
      let home = server.directory.appendingPathComponent("repl-home")
      let process = Process()
      process.executableURL = try BuiltProgram.url(named: "card-repl")
      process.arguments = [
        "--json", "--server", server.url.absoluteString, "--home", home.path,
        "-c", "login demo demo; sandbox fail 503 1; cards",
      ]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = Pipe()
      try process.run()
      let stdout = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()

      #expect(process.terminationStatus == 0)
      let lines = String(decoding: stdout, as: UTF8.self).split(separator: "\n").map(String.init)
      #expect(lines.count == 3)
      #expect(
        lines[1]
          == #"{"command": "sandbox fail", "ok": true, "result": "success", "data": {"offline": false, "latencyMs": 0, "failStatus": 503, "failCount": 1}}"#
      )
      // The injected 503 came back over HTTP; the client retried it once, and the retry
      // found the seed cards.
      #expect(lines.last?.contains(#""command": "cards", "ok": true"#) == true)
      #expect(lines.last?.contains(#""attempts": 2"#) == true)
      var cardRequests: [String] = []
      for await line in server.log where line.hasPrefix("GET /cards ") {
        cardRequests.append(String(line.split(separator: " ")[2]))
        if cardRequests.count == 2 { break }
      }
      #expect(cardRequests == ["503", "200"])
    }
  }
}
