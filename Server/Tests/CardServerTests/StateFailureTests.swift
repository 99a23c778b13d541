import Foundation
import Testing

/// A state the server cannot read or save answers `500` with a message that names no path of
/// the server's machine; the request log keeps the cause with its paths.
@Suite("The server's own failures name no path to clients")
struct StateFailureTests {
  /// Makes the state unreadable for root too, whom file permissions do not stop: the state
  /// file becomes a folder.
  private static func breakState(of server: LiveServer) throws {
    let stateFile = server.directory.appendingPathComponent("state.json")
    try FileManager.default.removeItem(at: stateFile)
    try FileManager.default.createDirectory(at: stateFile, withIntermediateDirectories: false)
  }

  @Test("a request on a state that cannot be read: 500 without a path, the path in the log")
  func sandboxRequest() async throws {
    try await LiveServer.with { server in
      var lines = server.log.makeAsyncIterator()
      try Self.breakState(of: server)
      let reply = try await HTTPExchange.send(
        "POST", server.url.appendingPathComponent("auth/login"),
        json: #"{"userId": "demo", "password": "demo"}"#)
      #expect(reply.status == 500)
      let message = try #require(reply.envelope["message"] as? String)
      #expect(message.hasPrefix("the sandbox could not load its state: the sandbox state file "))
      #expect(!message.contains(server.directory.path), "\(message)")
      #expect(!message.contains(" /"), "\(message)")
      let line = try #require(await lines.next())
      #expect(line.hasPrefix("POST /auth/login 500 "))
      #expect(line.contains(server.directory.appendingPathComponent("state.json").path), "\(line)")
    }
  }

  @Test("an admin operation on a state that cannot be read: 500 without a path")
  func adminOperation() async throws {
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
