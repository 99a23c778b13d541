import CardComposition
import CardREPL
import CardREPLTestSupport
import CardTestingPrimitives
import Foundation
import LoopbackHTTPTestServer
import Testing

/// The `sandbox` commands with `--server`: requests to the server's admin path, as the
/// reference server serves it, over the URLSession transport.
@Suite("Sandbox commands against a server")
struct ServerSandboxControlTests {
  /// The reference server's answer to an admin request: the faults after it.
  private static let faultsAnswer = Data(
    #"""
    {"status": 200, "success": true, "message": "sandbox faults: next 2 replies malformed (data)",
     "data": {"offline": false, "latencyMilliseconds": 0, "failureStatus": 503,
     "failuresRemaining": 1, "malformedReply": "data", "malformedRemaining": 2,
     "summary": "next request answers 503, next 2 replies malformed (data)"}}
    """#.utf8)

  private func session(
    _ server: LoopbackHTTPServer, _ directory: TemporaryDirectory, console: CapturingConsole
  ) throws -> REPLSession {
    let graph = try AppGraph(
      configuration: AppConfiguration(
        backend: .server(server.url("")), homeDirectory: directory.url, retryBaseDelay: .zero)
    ) { _ in }
    return REPLSession(
      services: graph.services, console: console, mode: .human(HumanRenderer()),
      workingDirectory: directory.url)
  }

  @Test(.timeLimit(.minutes(1)))
  func eachCommandPostsToTheAdminPathByItsName() async throws {
    let server = try LoopbackHTTPServer { _ in
      .respond(
        status: 200, headers: [("Content-Type", "application/json")], body: Self.faultsAnswer)
    }
    defer { server.stop() }
    let directory = try TemporaryDirectory()
    let console = CapturingConsole()
    let repl = try session(server, directory, console: console)

    for line in [
      "sandbox expire-token", "sandbox revoke-refresh", "sandbox fail 503 2",
      "sandbox malform data 2", "sandbox offline on", "sandbox latency 200", "sandbox reset",
    ] {
      _ = await repl.execute(line)
    }

    let sent = server.requests.map {
      "\($0.method) \($0.target) \(String(decoding: $0.body, as: UTF8.self))"
    }
    #expect(
      sent == [
        "POST /_sandbox/expire-token ",
        "POST /_sandbox/revoke-refresh ",
        #"POST /_sandbox/fail {"status": 503, "count": 2}"#,
        #"POST /_sandbox/malform {"kind": "data", "count": 2}"#,
        #"POST /_sandbox/offline {"offline": true}"#,
        #"POST /_sandbox/latency {"milliseconds": 200}"#,
        "POST /_sandbox/reset ",
      ])
    // The admin path's guard against web pages: every request says JSON, none carries Origin.
    #expect(server.requests.allSatisfy { $0.header("Content-Type") == "application/json" })
    #expect(server.requests.allSatisfy { $0.header("Origin") == nil })
    #expect(console.error == "")
    // Each line reads the faults from the server's answer, not from the command: the answer
    // says online and no latency whatever was asked.
    #expect(
      console.output.split(separator: "\n") == [
        "sandbox: access tokens expired; the next request refreshes them",
        "sandbox: refresh tokens revoked; access tokens work until they expire",
        "sandbox: the next request answers 503",
        "sandbox: the next 2 requests answer 200 with data of the wrong shape",
        "sandbox: online",
        "sandbox: no latency",
        "sandbox: reset to the seed cards; every session ended, every fault cleared",
      ])
  }

  /// `404` (no such path), `405` (no such method) and `501` (a server that implements no
  /// `POST`, as `python3 -m http.server`) all say the server does not offer the path.
  @Test(.timeLimit(.minutes(1)), arguments: [404, 405, 501])
  func aServerWithoutTheAdminPathSaysSo(status: Int) async throws {
    let server = try LoopbackHTTPServer { _ in
      .respond(
        status: status, headers: [("Content-Type", "text/html")],
        body: Data("<html><body>Error response</body></html>".utf8))
    }
    defer { server.stop() }
    let directory = try TemporaryDirectory()
    let console = CapturingConsole()
    let repl = try session(server, directory, console: console)

    _ = await repl.execute("sandbox fail 503 1")

    #expect(
      console.error
        == "invalid: this server does not offer the sandbox's controls: POST /_sandbox/fail "
        + "answered \(status) (the reference server, card-server, does)\n")
  }

  @Test(.timeLimit(.minutes(1)))
  func aServerThatRefusesThisClientSaysSo() async throws {
    let server = try LoopbackHTTPServer { _ in
      .respond(
        status: 403, headers: [("Content-Type", "application/json")],
        body: Data(
          #"{"status": 403, "success": false, "message": "the admin path answers only on loopback", "data": null}"#
            .utf8))
    }
    defer { server.stop() }
    let directory = try TemporaryDirectory()
    let console = CapturingConsole()
    let repl = try session(server, directory, console: console)

    _ = await repl.execute("sandbox expire-token")

    #expect(
      console.error
        == "invalid: this server does not offer the sandbox's controls to this client: "
        + "POST /_sandbox/expire-token answered 403 (card-server answers them on loopback only)\n")
  }
}
