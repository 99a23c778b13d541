import CardData
import CardInfrastructure
import Foundation
import LoopbackHTTPTestServer
import Testing

/// Through FoundationNetworking's real HTTP code path, against ``LoopbackHTTPServer``:
/// a `URLProtocol` cannot redirect there (`wasRedirectedTo` is a fatal error), and the
/// session's request timeout does not apply to `URLProtocol` subclasses.
@Suite("URLSessionTransport against a loopback HTTP server")
struct LoopbackTransportTests {
  private static let credentials: HTTPHeaders = [
    "Authorization": "Bearer secret", "Cookie": "session=s1", "Accept": "application/json",
  ]

  /// A server answering `/landing` with 200 and `/start` with a redirect to `location`.
  private static func redirectingServer(
    status: Int, to location: @escaping @Sendable (LoopbackHTTPServer.Request) -> String
  ) throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { request in
      request.target == "/start"
        ? .respond(status: status, headers: [("Location", location(request))])
        : .respond(status: 200, body: Data("landed".utf8))
    }
  }

  @Test("drops credentials on a redirect to another port", arguments: [302, 307])
  func dropsCredentialsOnARedirectToAnotherPort(_ status: Int) async throws {
    let target = try LoopbackHTTPServer { _ in .respond(status: 200) }
    defer { target.stop() }
    let targetURL = target.url("/landing").absoluteString
    let origin = try Self.redirectingServer(status: status) { _ in targetURL }
    defer { origin.stop() }

    let response = try await networkTransport().send(
      HTTPRequest(method: .get, url: origin.url("/start"), headers: Self.credentials))

    #expect(response.status == 200)
    let followed = try #require(target.requests.first)
    #expect(followed.target == "/landing")
    #expect(followed.header("Authorization") == nil)
    #expect(followed.header("Cookie") == nil)
    #expect(followed.header("Accept") == "application/json")
  }

  @Test func dropsCredentialsOnARedirectToAnotherHostName() async throws {
    let origin = try Self.redirectingServer(status: 302) { request in
      "http://localhost:\(request.header("Host")!.split(separator: ":")[1])/landing"
    }
    defer { origin.stop() }

    let response = try await networkTransport().send(
      HTTPRequest(method: .get, url: origin.url("/start"), headers: Self.credentials))

    #expect(response.status == 200)
    let followed = try #require(origin.requests.last)
    #expect(followed.target == "/landing")
    #expect(followed.header("Host")?.hasPrefix("localhost:") == true)
    #expect(followed.header("Authorization") == nil)
    #expect(followed.header("Cookie") == nil)
  }

  @Test("keeps credentials on a same-origin redirect", arguments: [302, 307])
  func keepsCredentialsOnASameOriginRedirect(_ status: Int) async throws {
    let origin = try Self.redirectingServer(status: status) { _ in "/landing" }
    defer { origin.stop() }

    let response = try await networkTransport().send(
      HTTPRequest(method: .get, url: origin.url("/start"), headers: Self.credentials))

    #expect(response.status == 200)
    #expect(response.body == Data("landed".utf8))
    let followed = try #require(origin.requests.last)
    #expect(followed.target == "/landing")
    #expect(followed.header("Authorization") == "Bearer secret")
    #expect(followed.header("Cookie") == "session=s1")
  }

  @Test func returnsA307ForARequestWithBodyInsteadOfSendingItEmpty() async throws {
    let origin = try Self.redirectingServer(status: 307) { _ in "/landing" }
    defer { origin.stop() }

    let response = try await networkTransport().send(
      HTTPRequest(
        method: .put, url: origin.url("/start"), headers: ["Content-Type": "text/plain"],
        body: .data(Data("hello".utf8))))

    #expect(response.status == 307)
    #expect(response.headers["Location"] == "/landing")
    #expect(origin.requests.map(\.target) == ["/start"])
  }

  @Test func followsA303AfterAPostAsAGet() async throws {
    let origin = try Self.redirectingServer(status: 303) { _ in "/landing" }
    defer { origin.stop() }

    let response = try await networkTransport().send(
      HTTPRequest(
        method: .post, url: origin.url("/start"), headers: ["Content-Type": "text/plain"],
        body: .data(Data("hello".utf8))))

    #expect(response.status == 200)
    #expect(origin.requests.map(\.method) == ["POST", "GET"])
    #expect(origin.requests.last?.body.isEmpty == true)
  }

  @Test func sendsAFileBodyWithContentLengthNotChunked() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 201) }
    defer { server.stop() }
    let file = try temporaryFile(count: 5 << 20 + 7)
    defer { try? FileManager.default.removeItem(at: file.url) }

    let response = try await networkTransport().send(
      HTTPRequest(
        method: .post, url: server.url("/card"),
        headers: ["Content-Type": "multipart/form-data; boundary=b"],
        body: .file(file.url, length: Int64(file.bytes.count))))

    #expect(response.status == 201)
    let received = try #require(server.requests.first)
    #expect(received.header("Content-Length") == "\(file.bytes.count)")
    #expect(received.header("Transfer-Encoding") == nil)
    #expect(received.header("Content-Type") == "multipart/form-data; boundary=b")
    #expect(received.body == file.bytes)
  }

  @Test func sendsADataBodyWithItsContentType() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 200) }
    defer { server.stop() }

    _ = try await networkTransport().send(
      HTTPRequest(method: .post, url: server.url("/card"), body: .data(Data("abc".utf8))))

    let received = try #require(server.requests.first)
    #expect(received.header("Content-Type") == "application/octet-stream")
    #expect(received.header("Content-Length") == "3")
    #expect(received.body == Data("abc".utf8))
  }

  @Test func timesOutWhenTheServerDoesNotAnswer() async throws {
    let server = try LoopbackHTTPServer { _ in .hang }
    defer { server.stop() }

    let started = ContinuousClock.now
    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/slow")),
      through: try networkTransport(requestTimeout: .seconds(1)))
    let elapsed = ContinuousClock.now - started

    #expect(error?.kind == .timedOut)
    #expect(
      error?.message == "no response from 127.0.0.1:\(server.port) within 1 s (URLError -1001)")
    #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(10))
  }

  @Test func roundsASubsecondTimeoutUpInsteadOfFailingAtOnce() async throws {
    let server = try LoopbackHTTPServer { _ in .hang }
    defer { server.stop() }

    let started = ContinuousClock.now
    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/slow")),
      through: try networkTransport(requestTimeout: .milliseconds(300)))
    let elapsed = ContinuousClock.now - started

    #if canImport(FoundationNetworking)
      let shortest = Duration.milliseconds(900)
    #else
      let shortest = Duration.milliseconds(250)
    #endif
    #expect(error?.kind == .timedOut)
    #expect(elapsed >= shortest && elapsed < .seconds(10))
  }

  @Test func endsAnExchangeThatOutlastsTheResourceTimeoutWhileDataKeepsArriving() async throws {
    // 400 bytes at 50 ms each take 20 s; data arrives far more often than the request timeout.
    let server = try LoopbackHTTPServer { _ in .trickle(bytes: 400, interval: .milliseconds(50)) }
    defer { server.stop() }
    let transport = URLSessionTransport(
      configuration: try .init(requestTimeout: .seconds(30), resourceTimeout: .milliseconds(700)))

    let started = ContinuousClock.now
    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/trickle")), through: transport)
    let elapsed = ContinuousClock.now - started

    #expect(error?.kind == .timedOut)
    #expect(
      error?.message
        == "no complete response from 127.0.0.1:\(server.port) within 0.7 s (the resource timeout)")
    #expect(elapsed >= .milliseconds(650) && elapsed < .seconds(10))
  }

  @Test func aSlowExchangeWithinTheResourceTimeoutSucceeds() async throws {
    let server = try LoopbackHTTPServer { _ in .trickle(bytes: 5, interval: .milliseconds(20)) }
    defer { server.stop() }
    let transport = URLSessionTransport(
      configuration: try .init(requestTimeout: .seconds(30), resourceTimeout: .seconds(5)))
    let response = try await transport.send(HTTPRequest(method: .get, url: server.url("/")))
    #expect(response.status == 200)
    #expect(response.body == Data("xxxxx".utf8))
  }

  @Test func reportsARefusedConnection() async throws {
    let closed = try LoopbackHTTPServer { _ in .respond(status: 200) }
    closed.stop()

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: closed.url("/")), through: try networkTransport())

    #expect(error?.kind == .cannotConnect)
    #expect(error?.message.hasPrefix("cannot connect to 127.0.0.1:\(closed.port)") == true)
    #expect(error?.message.hasSuffix(" (URLError -1004)") == true)
  }

  /// FoundationNetworking reports a connection closed before any response as
  /// `badServerResponse`, which is not one of the kinds the transport tells apart.
  @Test func reportsAConnectionClosedWithoutResponseAsOther() async throws {
    let server = try LoopbackHTTPServer { _ in .close }
    defer { server.stop() }

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/")), through: try networkTransport())

    #expect(error?.kind == .other)
    #expect(error?.message.hasPrefix("the request to 127.0.0.1:\(server.port) failed") == true)
    #expect(error?.message.hasSuffix(" (URLError -1011)") == true)
  }

  @Test func cancelsARequestTheServerHolds() async throws {
    let server = try LoopbackHTTPServer { _ in .hang }
    defer { server.stop() }
    let transport = try networkTransport()
    let url = server.url("/slow")
    let task = Task {
      await transportError(sending: HTTPRequest(method: .get, url: url), through: transport)
    }
    try await eventually("the server to receive the request") { server.requests.count == 1 }

    let cancelledAt = ContinuousClock.now
    task.cancel()
    let error = await task.value

    #expect(error?.kind == .cancelled)
    #expect(ContinuousClock.now - cancelledAt < .seconds(10))
  }
}
