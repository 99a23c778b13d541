import AsyncHTTPClient
import CardAsyncHTTPClient
import CardData
import Foundation
import InMemoryTracing
import LoopbackHTTPTestServer
import Testing
import Tracing

/// What is this transport's own, against ``LoopbackHTTPServer``: the framing of a streamed
/// body, a body file that cannot be sent, a borrowed client's read timeout, and the caller's
/// trace context in the headers. The redirect
/// policy, a refused connection and the per-attempt time limit are `HostileServerSpec`'s
/// (`AsyncHTTPClientHostileServerSpecTests`). The read timeout is a real one, and only the
/// outcome's kind and message are checked, never how long it took.
@Suite("AsyncHTTPClientTransport against a loopback HTTP server", .timeLimit(.minutes(1)))
struct AsyncHTTPClientTransportTests {
  /// A file body goes out with its length, not chunked, and as it is on disk.
  @Test func sendsABodyOfSegmentsWithItsLengthNotChunked() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 201) }
    defer { server.stop() }
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let bytes = Data((0..<(5 << 20 + 7)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
    let file = directory.appendingPathComponent("image.bin")
    try bytes.write(to: file)
    let head = Data("--b\r\nContent-Disposition: form-data; name=\"image\"\r\n\r\n".utf8)
    let tail = Data("\r\n--b--\r\n".utf8)

    let response = try await AsyncHTTPClientTransport().send(
      HTTPRequest(
        method: .post, url: server.url("/card"),
        headers: ["Content-Type": "multipart/form-data; boundary=b"],
        body: .segments([.data(head), .file(file, length: Int64(bytes.count)), .data(tail)])))

    #expect(response.status == 201)
    let received = try #require(server.requests.first)
    #expect(received.header("Content-Length") == "\(head.count + bytes.count + tail.count)")
    #expect(received.header("Transfer-Encoding") == nil)
    #expect(received.body == head + bytes + tail)
  }

  @Test func rejectsAMissingBodyFileWithoutSending() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 201) }
    defer { server.stop() }
    let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)")

    let error = await #expect(throws: TransportError.self) {
      try await AsyncHTTPClientTransport().send(
        HTTPRequest(method: .post, url: server.url("/card"), body: .file(missing, length: 10)))
    }

    #expect(error?.kind == .invalidRequest)
    #expect(error?.message == "body file \(missing.path) cannot be read: No such file or directory")
    #expect(server.requests.isEmpty)
  }

  /// A client that traces writes the caller's trace context into the headers of a request
  /// without a body as of one with a body, although AsyncHTTPClient sends the two through
  /// different APIs.
  @Test func bothKindsOfRequestCarryTheCallersTraceContext() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 204) }
    defer { server.stop() }
    let tracer = InMemoryTracer()
    var configuration = AsyncHTTPClientTransport.clientConfiguration(readTimeout: .seconds(30))
    configuration.tracing.tracer = tracer
    let client = HTTPClient(
      eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    let transport = AsyncHTTPClientTransport(client: client)

    var traceIDs: [String] = []
    for body in [HTTPBody.empty, .data(Data("{}".utf8))] {
      let request = HTTPRequest(
        method: body == .empty ? .get : .post, url: server.url("/cards"), body: body)
      traceIDs.append(
        try await tracer.withSpan("send") { span in
          _ = try await transport.send(request)
          return span.traceID
        })
    }
    try await client.shutdown()

    let sent = server.requests.map { $0.header(InMemoryTracer.traceIDKey) }
    #expect(sent == traceIDs)
  }

  /// A borrowed client's read timeout ends an exchange whose server sends nothing more; the
  /// transport leaves the client to its owner, who shuts it down.
  @Test func aBorrowedClientsReadTimeoutTimesOut() async throws {
    let server = try LoopbackHTTPServer { _ in .hang }
    defer { server.stop() }
    let client = HTTPClient(
      eventLoopGroup: HTTPClient.defaultEventLoopGroup,
      configuration: AsyncHTTPClientTransport.clientConfiguration(readTimeout: .milliseconds(200)))

    let transport = AsyncHTTPClientTransport(client: client)
    let error = await #expect(throws: TransportError.self) {
      try await transport.send(HTTPRequest(method: .get, url: server.url("/cards")))
    }
    try await client.shutdown()

    #expect(error?.kind == .timedOut)
    #expect(
      error?.message
        == "no data from 127.0.0.1:\(server.port) within the client's read timeout"
        + " (HTTPClientError.readTimeout)")
  }
}
