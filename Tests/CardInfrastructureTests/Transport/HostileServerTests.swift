import CardData
import CardDomain
import CardInfrastructure
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
  @Test(arguments: [#"Basic realm="cards""#, #"Digest realm="cards", nonce="n1", qop="auth""#])
  func returnsA401WithAChallengeItCannotAnswerAtOnce(_ challenge: String) async throws {
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

  /// A byte every 50 ms keeps each attempt under any request timeout; only the call's
  /// deadline, which covers every attempt and delay, ends the call (a real timeout here, of
  /// 1 s, against the 20 s the server would take).
  @Test func aDrippingServerIsStoppedByTheCallsDeadline() async throws {
    let server = try LoopbackHTTPServer { _ in .trickle(bytes: 400, interval: .milliseconds(50)) }
    defer { server.stop() }
    let pipeline = RequestPipeline(
      baseURL: server.url(), transport: try networkTransport(),
      middleware: [CallDeadline(base: .seconds(1)), RetryPolicy()])
    let endpoint = Endpoint<Int>(
      name: "drip", method: .get, path: "/cards", authorization: .anonymous,
      sampleResponse: HTTPResponse(status: 200), decode: { .success($0.status) })

    do throws(CardError) {
      _ = try await pipeline.send(endpoint)
      Issue.record("the dripping reply was accepted")
    } catch {
      guard case .networkFail(reason: let reason) = error else {
        Issue.record("expected networkFail, got \(error)")
        return
      }
      #expect(
        reason
          == "no reply within 1 s, the call's deadline (1 attempt; the last: the reply from "
          + "127.0.0.1:\(server.port) was not complete by the call's deadline)")
    }
  }

  /// Refused up front when the reply announces its length, as it grows past the limit when
  /// it is ended by the connection's close or comes in chunks.
  @Test(arguments: [
    LoopbackHTTPServer.Reply.respond(status: 200, body: Data(count: 64 << 10)),
    .unframed(body: Data(count: 64 << 10)),
    .chunked(body: Data(count: 64 << 10), chunkSize: 4 << 10),
  ])
  func refusesAReplyLargerThanTheLimit(_ reply: LoopbackHTTPServer.Reply) async throws {
    let server = try LoopbackHTTPServer { _ in reply }
    defer { server.stop() }
    let transport = URLSessionTransport(
      configuration: try .init(requestTimeout: .seconds(30), maximumReplySize: 16 << 10))

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/cards")), through: transport)

    #expect(error?.kind == .replyRefused)
    #expect(
      error?.message
        == "the reply from 127.0.0.1:\(server.port) is larger than 16 KiB (the reply limit)")
  }

  /// The request asks for no compression, and a compressed reply is refused when its header
  /// arrives, without reading its body. The body here, 290 bytes that inflate to 256 KiB of
  /// spaces, was made with Python's `gzip.compress(b" " * 262144, 9, mtime=0)`.
  @Test func refusesACompressedReplyItDidNotAskFor() async throws {
    let packed = try #require(Data(base64Encoded: Self.gzippedSpaces))
    let server = try LoopbackHTTPServer { _ in
      .respond(status: 200, headers: [("Content-Encoding", "gzip")], body: packed)
    }
    defer { server.stop() }

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/cards")),
      through: try networkTransport())

    #expect(error?.kind == .replyRefused)
    #expect(
      error?.message
        == "the reply from 127.0.0.1:\(server.port) is compressed (gzip), which was not asked for")
    #expect(server.requests.first?.header("Accept-Encoding") == "identity")
  }

  @Test func acceptsAReplyOfExactlyTheLimit() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: Data(count: 16 << 10)) }
    defer { server.stop() }
    let transport = URLSessionTransport(
      configuration: try .init(requestTimeout: .seconds(30), maximumReplySize: 16 << 10))

    let response = try await transport.send(HTTPRequest(method: .get, url: server.url("/cards")))

    #expect(response.body.count == 16 << 10)
  }

  private static let gzippedSpaces =
    "H4sIAAAAAAACA+3BMQEAAADCoCrrn9LbDkABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    + "AAAAAAAAAAAAALwBNKAvkgAABAA="
}
