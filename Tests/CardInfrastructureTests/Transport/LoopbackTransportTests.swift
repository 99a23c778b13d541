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
