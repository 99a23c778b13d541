import CardComposition
import CardREPL
import CardREPLTestSupport
import CardSandbox
import CardTestingPrimitives
import Foundation
import Testing

/// The REPL with `--server`: the sandbox behind a real HTTP server on 127.0.0.1, reached
/// through the URLSession transport.
@Suite("Server backend over URLSession")
struct ServerBackendTests {
  @Test(.timeLimit(.minutes(1)))
  func theSameCommandsWorkOverHTTP() async throws {
    let server = try SandboxHTTPServer()
    defer { server.stop() }
    let directory = try TemporaryDirectory()
    try onePixelPNG.write(to: directory.appending("photo.png"))
    let graph = try AppGraph(
      configuration: AppConfiguration(
        backend: .server(server.baseURL), homeDirectory: directory.appending("home"),
        retryBaseDelay: .zero)
    ) { _ in }
    let console = CapturingConsole()
    let session = REPLSession(
      services: graph.services, console: console, mode: .json, workingDirectory: directory.url)

    let script = [
      "login demo demo", "card create name=Wire image=photo.png tmi=over tmi=http",
      "card get c9", "sandbox reset", "logout", "cards",
    ]
    let summary = await session.run(ScriptLineSource(lines: script))
    let lines = console.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 6)
    #expect(
      lines[0]
        == #"{"command": "login", "ok": true, "result": "success", "data": {"userId": "demo"}}"#)
    #expect(
      lines[1]
        == #"{"command": "card create", "ok": true, "result": "success", "data": {"cardId": "c4", "userId": "demo", "name": "Wire", "defaultImage": 0, "imageURL": "/card/c4/image", "tmi": ["over", "http"]}}"#
    )
    #expect(
      lines[2].contains(#""result": "requestErr", "message": "card c9 not found", "status": 404"#))
    #expect(
      lines[3].contains(
        #""message": "this server does not offer the sandbox's controls: POST /_sandbox/reset answered 404"#
      ))
    #expect(lines[4].contains(#""command": "logout", "ok": true"#))
    #expect(lines[5].contains(#""result": "signedOut""#))
    #expect(summary.failures == 3)
  }

  @Test(.timeLimit(.minutes(1)))
  func serverFailuresAndExpiredTokensOverHTTP() async throws {
    let server = try SandboxHTTPServer()
    defer { server.stop() }
    let directory = try TemporaryDirectory()
    let graph = try AppGraph(
      configuration: AppConfiguration(
        backend: .server(server.baseURL), homeDirectory: directory.url, retryBaseDelay: .zero)
    ) { _ in }
    let console = CapturingConsole()
    let session = REPLSession(
      services: graph.services, console: console, mode: .human(HumanRenderer()),
      workingDirectory: directory.url)

    _ = await session.execute("login demo demo")
    try await server.sandbox.failNext(status: 502, count: 3)
    _ = await session.execute("cards")
    try await server.sandbox.expireAccessTokens()
    _ = await session.execute("card get c2")
    #expect(
      console.error
        == "note: GET /cards answered 502; retrying in 0 s (1 of 2)\n"
        + "note: GET /cards answered 502; retrying in 0 s (2 of 2)\n"
        + "serverErr: the server failed (502)\nnote: access token refreshed\n")
    #expect(console.output.contains("id             c2\n"))
  }
}
