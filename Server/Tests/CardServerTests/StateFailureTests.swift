import Foundation
import Testing

/// A state the server cannot read or save answers `500` with a message that names no path of
/// the server's machine; the request log keeps the cause with its paths.
@Suite("The server's own failures name no path to clients")
struct StateFailureTests {
  /// Makes the state unreadable for root too, whom file permissions do not stop: another
  /// process takes the access tokens' table out of the database (Python's sqlite3 module, since this
  /// package links no SQLite of its own).
  private static func breakState(of server: LiveServer) throws {
    let stateFile = server.directory.appendingPathComponent("state.json")
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = [
      "python3", "-c",
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
        + "c.execute('ALTER TABLE access_token RENAME TO elsewhere'); c.commit()",
      stateFile.path,
    ]
    try python.run()
    python.waitUntilExit()
    #expect(python.terminationStatus == 0)
  }

  @Test func aRequestOnAStateThatCannotBeRead500WithoutAPathThePathInTheLog() async throws {
    try await LiveServer.with { server in
      var lines = server.log.makeAsyncIterator()
      try Self.breakState(of: server)
      let reply = try await HTTPExchange.send(
        "POST", server.url.appendingPathComponent("auth/login"),
        json: #"{"userId": "demo", "password": "demo"}"#)
      #expect(reply.status == 500)
      let message = try #require(reply.envelope["message"] as? String)
      #expect(message.hasPrefix("the sandbox could not save its state: "))
      #expect(!message.contains(server.directory.path), "\(message)")
      #expect(!message.contains(" /"), "\(message)")
      let line = try #require(await lines.next())
      #expect(line.hasPrefix("POST /auth/login 500 "))
      #expect(line.contains(server.directory.appendingPathComponent("state.json").path), "\(line)")
    }
  }

  @Test func anAdminOperationOnAStateThatCannotBeRead500WithoutAPath() async throws {
    try await LiveServer.with { server in
      var lines = server.log.makeAsyncIterator()
      try Self.breakState(of: server)
      let reply = try await HTTPExchange.send(
        "POST", server.url.appendingPathComponent("_sandbox/reset"), json: "{}")
      #expect(reply.status == 500)
      #expect(
        reply.envelope["message"] as? String
          == "the sandbox's state cannot be read or saved, so nothing changed; "
          + "the server's log names the cause")
      let line = try #require(await lines.next())
      #expect(line.hasPrefix("POST /_sandbox/reset 500 "))
      #expect(line.contains(server.directory.appendingPathComponent("state.json").path), "\(line)")
    }
  }
}
