import CardData
import CardInfrastructure
import CardTestingPrimitives
import Foundation
import LoopbackHTTPTestServer
import Testing

/// Through FoundationNetworking's real HTTP code path, against ``LoopbackHTTPServer``:
/// a `URLProtocol` cannot redirect there (`wasRedirectedTo` is a fatal error), and the
/// session's request timeout does not apply to `URLProtocol` subclasses.
///
/// The timeout tests use real timeouts, as short as the transport allows, and check only the
/// kind and message of the outcome, never how long it took. The safety limit stops a test that
/// would hang; it never decides a pass.
@Suite("URLSessionTransport against a loopback HTTP server", .timeLimit(.minutes(1)))
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

  @Test(arguments: [302, 307])
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

  @Test(arguments: [302, 307])
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

  /// Sign-in and refresh carry a body: a redirect must not take them, or the token it leads
  /// to, anywhere else. The redirect itself is the reply.
  @Test(arguments: [303, 307])
  func returnsARedirectOfARequestWithABodyAsTheReply(_ status: Int) async throws {
    let origin = try Self.redirectingServer(status: status) { _ in "/landing" }
    defer { origin.stop() }

    let response = try await networkTransport().send(
      HTTPRequest(
        method: .post, url: origin.url("/start"), headers: ["Content-Type": "text/plain"],
        body: .data(Data("hello".utf8))))

    #expect(response.status == status)
    #expect(response.headers["Location"] == "/landing")
    #expect(origin.requests.map(\.target) == ["/start"])
  }

  @Test func sendsAFileBodyWithContentLengthNotChunked() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 201) }
    defer { server.stop() }
    let file = try TemporaryFile(count: 5 << 20 + 7)

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

  @Test func sendsABodyOfSegmentsStreamingItsFileInOneFraming() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 201) }
    defer { server.stop() }
    let file = try TemporaryFile(count: 5 << 20 + 7)
    let head = Data("--b\r\nContent-Disposition: form-data; name=\"image\"\r\n\r\n".utf8)
    let tail = Data("\r\n--b--\r\n".utf8)

    let response = try await networkTransport().send(
      HTTPRequest(
        method: .post, url: server.url("/card"),
        headers: ["Content-Type": "multipart/form-data; boundary=b"],
        body: .segments([
          .data(head), .file(file.url, length: Int64(file.bytes.count)), .data(tail),
        ])))

    #expect(response.status == 201)
    let received = try #require(server.requests.first)
    let length = received.header("Content-Length")
    let encoding = received.header("Transfer-Encoding")
    #expect(length == nil || encoding == nil, "never both framings")
    #expect(length == "\(head.count + file.bytes.count + tail.count)" || encoding == "chunked")
    #expect(received.header("Content-Type") == "multipart/form-data; boundary=b")
    #expect(received.body == head + file.bytes + tail)
  }

  /// Linux reports the files under `/proc` as empty, yet reading them yields bytes: a file
  /// that differs from its measured size, without racing another writer.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
  func failsABodyWhoseFileGrewSinceItWasMeasured() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 201) }
    defer { server.stop() }
    let status = URL(fileURLWithPath: "/proc/self/status")

    let error = await transportError(
      sending: HTTPRequest(
        method: .post, url: server.url("/card"),
        headers: ["Content-Type": "multipart/form-data; boundary=b"],
        body: .segments([.data(Data("head".utf8)), .file(status, length: 0)])),
      through: try networkTransport())

    #expect(error?.kind == .invalidRequest)
    #expect(
      error?.message == "body file \(status.path) grew beyond the 0 bytes it had when measured")
    #expect(server.requests.isEmpty, "no body went out as complete")
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

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/slow")),
      through: try networkTransport(requestTimeout: .seconds(1)))

    #expect(error?.kind == .timedOut)
    #expect(
      error?.message == "no response from 127.0.0.1:\(server.port) within 1 s (URLError -1001)")
  }

  /// FoundationNetworking counts whole seconds only, so a sub-second timeout is rounded up
  /// instead of failing every request at once: the request carries a timeout of 1 s (checked
  /// through the `URLRequest` in `putsTheConfiguredTimeoutOnTheRequest`), and a server that
  /// never answers meets it as a timeout of that whole second.
  @Test func roundsASubsecondTimeoutUpInsteadOfFailingAtOnce() async throws {
    let server = try LoopbackHTTPServer { _ in .hang }
    defer { server.stop() }

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/slow")),
      through: try networkTransport(requestTimeout: .milliseconds(300)))

    #if canImport(FoundationNetworking)
      let spoken = "1 s"
    #else
      let spoken = "0.3 s"
    #endif
    #expect(error?.kind == .timedOut)
    #expect(
      error?.message
        == "no response from 127.0.0.1:\(server.port) within \(spoken) (URLError -1001)")
  }

  @Test func endsAnExchangeThatOutlastsTheResourceTimeoutWhileDataKeepsArriving() async throws {
    // 400 bytes at 50 ms each take 20 s; data arrives far more often than the request timeout.
    let server = try LoopbackHTTPServer { _ in .trickle(bytes: 400, interval: .milliseconds(50)) }
    defer { server.stop() }
    let transport = URLSessionTransport(
      configuration: try .init(requestTimeout: .seconds(30), resourceTimeout: .milliseconds(700)))

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/trickle")), through: transport)

    #expect(error?.kind == .timedOut)
    #expect(
      error?.message
        == "no complete response from 127.0.0.1:\(server.port) within 0.7 s (the resource timeout)")
  }

  /// What is left of the call's deadline ends the exchange when it comes before the
  /// resource timeout, and the message names it.
  @Test func endsAnExchangeAtTheRequestsTimeLimit() async throws {
    let server = try LoopbackHTTPServer { _ in .trickle(bytes: 400, interval: .milliseconds(50)) }
    defer { server.stop() }
    let transport = URLSessionTransport(
      configuration: try .init(requestTimeout: .seconds(30), resourceTimeout: .seconds(60)))

    let error = await transportError(
      sending: HTTPRequest(
        method: .get, url: server.url("/trickle"), timeLimit: .milliseconds(700)),
      through: transport)

    #expect(error?.kind == .timedOut)
    #expect(
      error?.message
        == "the reply from 127.0.0.1:\(server.port) was not complete by the call's deadline"
    )
  }

  /// The resource timeout is a real timeout that must not end this exchange: it is as long
  /// as the safety limit, far beyond the 0.1 s the five bytes take.
  @Test func aSlowExchangeWithinTheResourceTimeoutSucceeds() async throws {
    let server = try LoopbackHTTPServer { _ in .trickle(bytes: 5, interval: .milliseconds(20)) }
    defer { server.stop() }
    let transport = URLSessionTransport(
      configuration: try .init(requestTimeout: .seconds(30), resourceTimeout: .seconds(60)))
    let response = try await transport.send(HTTPRequest(method: .get, url: server.url("/")))
    #expect(response.status == 200)
    #expect(response.body == Data("xxxxx".utf8))
  }

  @Test func reportsARefusedConnection() async throws {
    let refusing = try RefusingPort()

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: refusing.url("/")), through: try networkTransport())

    #expect(error?.kind == .cannotConnect)
    #expect(error?.message.hasPrefix("cannot connect to 127.0.0.1:\(refusing.port)") == true)
    #expect(error?.message.hasSuffix(" (URLError -1004)") == true)
  }

  /// FoundationNetworking reports a connection closed before any response as
  /// `badServerResponse` ("Empty reply from server"): a lost connection, which the retry
  /// policy sends a GET again after, as it does after a reset one.
  @Test func reportsAConnectionClosedWithoutResponseAsLost() async throws {
    let server = try LoopbackHTTPServer { _ in .close }
    defer { server.stop() }

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/")), through: try networkTransport())

    #expect(error?.kind == .connectionLost)
    #expect(
      error?.message
        == "the connection to 127.0.0.1:\(server.port) was closed without a reply (URLError -1011)")
  }

  /// The server holds the request and the transport's timeouts outlast the safety limit, so
  /// only the cancellation can end the call; one the transport did not cancel would hang
  /// until the limit stops the test.
  @Test func cancelsARequestTheServerHolds() async throws {
    let arrived = Tally()
    let server = try LoopbackHTTPServer { _ in
      arrived.increment()
      return .hang
    }
    defer { server.stop() }
    let transport = URLSessionTransport(
      configuration: try .init(requestTimeout: .seconds(3_600), resourceTimeout: .seconds(3_600)))
    let url = server.url("/slow")
    let task = Task {
      await transportError(sending: HTTPRequest(method: .get, url: url), through: transport)
    }
    try await arrived.wait(forAtLeast: 1)

    task.cancel()
    #expect(await task.value?.kind == .cancelled)
  }
}
