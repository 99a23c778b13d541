import CardData
import CardInfrastructure
import Foundation
import LoopbackHTTPTestServer
import Testing

/// What a hostile server can do to FoundationNetworking's real HTTP code path in particular;
/// what it can do to any transport is `HostileServerSpec`'s (`URLSessionHostileServerSpecTests`).
/// Each test ends, passing or failing, within the transport's timeouts, which are real timeouts
/// here; the suite's limit only stops one that would hang.
@Suite("URLSessionTransport against a hostile server", .timeLimit(.minutes(1)))
struct HostileServerTests {
  /// The server answers a request on a fresh connection and drops the connection when the
  /// next request arrives on it. libcurl would send that request again on a new connection,
  /// and FoundationNetworking would send the headers alone (`Content-Length: 297`, no bytes),
  /// for a body the server waits for until it gives up. A request with a body opens a
  /// connection of its own, so it is never sent again that way.
  @Test func neverSendsABodyShortWhenTheServerDropsAReusedConnection() async throws {
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
    let post = try #require(server.requests.last)
    #expect(post.method == "POST")
    #expect(post.body == body)
    #expect(!post.isOnReusedConnection)
  }
}
