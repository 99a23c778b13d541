import CardServer
import Foundation
import Testing

/// What HTTP/1 says about closing a connection and about `Expect: 100-continue`, over raw
/// connections. The servers here keep idle connections for ten minutes, so a connection that
/// ends was closed by HTTP's rules, not by the idle timeout; one left open fails the test at
/// RawConnection's safety limit.
@Suite("HTTP/1 edge cases")
struct HTTPEdgeCaseTests {
  private static let patient = ConnectionLimits(
    idleTimeout: .seconds(600), maximumConnections: 100)

  /// Sends `request` on a new connection, reads one response, then waits for the server to
  /// close the connection; returns the response's head.
  private static func answerThenClose(_ server: LiveServer, _ request: String) async throws
    -> String
  {
    let port = try #require(server.url.port)
    return try await RawConnection.onThread {
      let connection = try RawConnection(port: port)
      try connection.write(Data(request.utf8))
      let head = try connection.readResponse().head
      try connection.readUntilClosed()
      return head
    }
  }

  @Test func anHTTP10RequestWithoutKeepAliveIsAnsweredThenItsConnectionClosed() async throws {
    try await LiveServer.with(limits: Self.patient) { server in
      let head = try await Self.answerThenClose(
        server, "GET /cards HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
      #expect(head.hasPrefix("HTTP/1.1 401 "))
      #expect(head.lowercased().contains("\r\nconnection: close"))
    }
  }

  @Test func connectionCloseInAnyCaseClosesTheConnectionAfterTheAnswer() async throws {
    try await LiveServer.with(limits: Self.patient) { server in
      let head = try await Self.answerThenClose(
        server, "GET /cards HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Close\r\n\r\n")
      #expect(head.hasPrefix("HTTP/1.1 401 "))
    }
  }

  @Test func anHTTP10RequestWithKeepAliveKeepsItsConnectionForTheNextRequest() async throws {
    try await LiveServer.with(limits: Self.patient) { server in
      let port = try #require(server.url.port)
      let heads = try await RawConnection.onThread {
        let connection = try RawConnection(port: port)
        let request = "GET /cards HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"
        try connection.write(Data(request.utf8))
        let first = try connection.readResponse().head
        try connection.write(Data(request.utf8))
        return [first, try connection.readResponse().head]
      }
      #expect(heads.allSatisfy { $0.hasPrefix("HTTP/1.1 401 ") })
      #expect(heads[0].lowercased().contains("\r\nconnection: keep-alive"))
    }
  }

  @Test func connectIsAnsweredThenItsConnectionClosedThisServerIsNoProxy() async throws {
    try await LiveServer.with(limits: Self.patient) { server in
      let head = try await Self.answerThenClose(
        server, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n")
      #expect(head.hasPrefix("HTTP/1.1 4"))
    }
  }

  @Test func postCardWithExpect100ContinueGets100ContinueThenTheCardIsCreated() async throws {
    try await LiveServer.with(limits: Self.patient) { server in
      let token = try await HTTPExchange.login(server.url)
      let port = try #require(server.url.port)
      let form =
        "--b\r\nContent-Disposition: form-data; name=\"card.name\"\r\n\r\nKim\r\n"
        + "--b\r\nContent-Disposition: form-data; name=\"card.defaultImage\"\r\n\r\n1\r\n--b--\r\n"
      let (interim, final) = try await RawConnection.onThread {
        let connection = try RawConnection(port: port)
        let head =
          "POST /card HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
          + "Content-Type: multipart/form-data; boundary=b\r\n"
          + "Content-Length: \(form.utf8.count)\r\nExpect: 100-continue\r\n\r\n"
        try connection.write(Data(head.utf8))
        // The body only once the server asked for it, as a client waiting for 100 does.
        let interim = try connection.readStatusLine()
        try connection.write(Data(form.utf8))
        return (interim, try connection.readStatusLine())
      }
      #expect(interim == "HTTP/1.1 100 Continue")
      #expect(final.hasPrefix("HTTP/1.1 201 "))
    }
  }

  @Test func expect100ContinueWithAContentLengthPastTheLimitGets413AtOnceNo100() async throws {
    try await LiveServer.with(limits: Self.patient) { server in
      let head = try await Self.answerThenClose(
        server,
        "POST /card HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer unused\r\n"
          + "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 104857600\r\n"
          + "Expect: 100-continue\r\n\r\n")
      #expect(head.hasPrefix("HTTP/1.1 413 "))
      #expect(head.lowercased().contains("\r\nconnection: close"))
    }
  }
}
