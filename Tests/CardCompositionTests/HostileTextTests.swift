import CardComposition
import CardDataTesting
import CardREPL
import CardREPLTestSupport
import CardTestingPrimitives
import Foundation
import LoopbackHTTPTestServer
import Testing

/// With `log on`, what a server sends reaches the terminal escaped in both modes: in the
/// request log, in the failure message, and in the JSON line.
@Suite("Server text on the terminal")
struct HostileTextTests {
  /// Set the title, then CSI as the one C1 byte: valid JSON, decoded to ESC, BEL and U+009B.
  private static let envelope =
    #"{"status":400,"success":false,"message":"wrong \u001b]0;t\u0007 \#u{9B}31m password","#
    + #""data":null}"#

  private static func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  @Test(.timeLimit(.minutes(1)), arguments: [false, true])
  func nothingFromTheServerReachesTheTerminalRaw(json: Bool) async throws {
    let server = try LoopbackHTTPServer { _ in
      .respond(
        status: 400, headers: [("Content-Type", "application/json")],
        body: Data(Self.envelope.utf8))
    }
    defer { server.stop() }
    let directory = try TemporaryDirectory()
    let log = LineCollector()
    let graph = try AppGraph(
      configuration: AppConfiguration(
        backend: .server(server.url("")), homeDirectory: directory.url, retryBaseDelay: .zero),
      log: log.write)
    let console = CapturingConsole()
    let session = REPLSession(
      services: graph.services, console: console,
      mode: json ? .json : .human(HumanRenderer()), workingDirectory: directory.url)

    _ = await session.run(ScriptLineSource(lines: ["log on", "login demo wrong"]))

    // JSONSerialization escapes C0 controls as JSON does; the log escapes the C1 one.
    #expect(log.lines.contains { $0.contains(#"\u001b]0;t\u0007 \u{9B}31m"#) })
    for line in log.lines
      + [console.output, console.error].flatMap({ $0.split(separator: "\n") })
      .map(String.init)
    {
      #expect(!Self.hasControl(line), "unsafe: \(line)")
    }
    if json {
      #expect(console.output.contains(#""message": "wrong \u001b]0;t\u0007 \u009b31m password""#))
    } else {
      #expect(
        console.error == #"requestErr: wrong \u{1B}]0;t\u{7} \u{9B}31m password (400)"# + "\n")
    }
  }
}
