import CardData
import CardInfrastructure
import CardTestSupport
import Foundation
import LoopbackHTTPTestServer
import Testing

/// What a broken or hostile server can do to an exchange, over FoundationNetworking's real
/// HTTP code path. Each test ends, passing or failing, within the transport's timeouts, which
/// are real timeouts here; the suite's limit only stops one that would hang.
@Suite("URLSessionTransport against a hostile server", .timeLimit(.minutes(1)))
struct HostileServerTests {
  /// FoundationNetworking answers a Basic or Digest challenge itself and, with no credential
  /// to offer, never completes the task: the exchange used to end only at the resource
  /// timeout, as `timedOut`. The Bearer token is the only credential this client sends, so the
  /// 401 is the answer.
  @Test(
    "returns a 401 with a challenge it cannot answer at once",
    arguments: [#"Basic realm="cards""#, #"Digest realm="cards", nonce="n1", qop="auth""#])
  func returnsA401WithAChallengeItCannotAnswer(_ challenge: String) async throws {
    let server = try LoopbackHTTPServer { _ in
      .respond(
        status: 401, headers: [("WWW-Authenticate", challenge)],
        body: Data(#"{"status":401,"success":false,"message":"sign in"}"#.utf8))
    }
    defer { server.stop() }
    let transport = URLSessionTransport(
      configuration: try .init(requestTimeout: .seconds(30), resourceTimeout: .seconds(30)))

    let response = try await transport.send(HTTPRequest(method: .get, url: server.url("/cards")))

    #expect(response.status == 401)
    #expect(response.headers["WWW-Authenticate"] == challenge)
    #expect(server.requests.count == 1)
  }

  /// The server answers a request on a fresh connection and drops the connection when the
  /// next request arrives on it. libcurl then sends that request again on a new connection,
  /// and the body must go with it: FoundationNetworking used to send the headers alone
  /// (`Content-Length: 297`, no bytes), and the server waited for a body that never came.
  @Test func sendsTheWholeBodyAgainWhenAReusedConnectionDrops() async throws {
    let server = try LoopbackHTTPServer { request in
      request.isOnReusedConnection
        ? .close : .keepAlive(status: 200, body: Data(#"{"ok":true}"#.utf8))
    }
    defer { server.stop() }
    let transport = try networkTransport(requestTimeout: .seconds(5))
    let body = Data(repeating: UInt8(ascii: "a"), count: 297)
    let headers: HTTPHeaders = ["Content-Type": "application/json"]

    _ = try await transport.send(HTTPRequest(method: .get, url: server.url("/cards")))
    let response = try await transport.send(
      HTTPRequest(method: .post, url: server.url("/cards"), headers: headers, body: .data(body)))

    #expect(response.status == 200)
    let posts = server.requests.filter { $0.method == "POST" }
    #expect(posts.count == 2)
    #expect(posts.allSatisfy { $0.body == body })
  }
}
