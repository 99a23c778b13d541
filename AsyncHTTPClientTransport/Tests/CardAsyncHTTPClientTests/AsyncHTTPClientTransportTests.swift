import AsyncHTTPClient
import CardAsyncHTTPClient
import CardData
import Foundation
import LoopbackHTTPTestServer
import Testing

/// The promises of the port the spec does not script, against ``LoopbackHTTPServer``: the
/// redirect policy, the framing of a streamed body, a body file that cannot be sent, a
/// refused connection and the per-attempt time limit, with the same kinds of error as the
/// URLSession transport's. The time limit is a real one, and only the outcome's kind and
/// message are checked, never how long it took.
@Suite("AsyncHTTPClientTransport against a loopback HTTP server", .timeLimit(.minutes(1)))
struct AsyncHTTPClientTransportTests {
  private static let credentials: HTTPHeaders = [
    "Authorization": "Bearer secret", "Cookie": "session=s1", "Accept": "application/json",
  ]

  /// A server answering `/start` with a redirect to `location`, and anything else with 200.
  private static func redirectingServer(
    status: Int, to location: @escaping @Sendable (LoopbackHTTPServer.Request) -> String
  ) throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { request in
      request.target == "/start"
        ? .respond(status: status, headers: [("Location", location(request))])
        : .respond(status: 200, body: Data("landed".utf8))
    }
  }

  @Test(arguments: [301, 302, 307, 308])
  func keepsCredentialsOnASameOriginRedirect(_ status: Int) async throws {
    let origin = try Self.redirectingServer(status: status) { _ in "/landing" }
    defer { origin.stop() }

    let response = try await AsyncHTTPClientTransport().send(
      HTTPRequest(method: .get, url: origin.url("/start"), headers: Self.credentials))

    #expect(response.status == 200)
    #expect(response.body == Data("landed".utf8))
    let followed = try #require(origin.requests.last)
    #expect(followed.target == "/landing")
    #expect(followed.header("Authorization") == "Bearer secret")
    #expect(followed.header("Cookie") == "session=s1")
  }

  @Test(arguments: [302, 307])
  func dropsCredentialsOnARedirectToAnotherPort(_ status: Int) async throws {
    let target = try LoopbackHTTPServer { _ in .respond(status: 200) }
    defer { target.stop() }
    let targetURL = target.url("/landing").absoluteString
    let origin = try Self.redirectingServer(status: status) { _ in targetURL }
    defer { origin.stop() }

    let response = try await AsyncHTTPClientTransport().send(
      HTTPRequest(method: .get, url: origin.url("/start"), headers: Self.credentials))

    #expect(response.status == 200)
    let followed = try #require(target.requests.first)
    #expect(followed.target == "/landing")
    #expect(followed.header("Authorization") == nil)
    #expect(followed.header("Cookie") == nil)
    #expect(followed.header("Accept") == "application/json")
  }

  /// Sign-in and refresh carry a body: a redirect must not take them, or the token it leads
  /// to, anywhere else. The redirect itself is the reply.
  @Test(arguments: [303, 307])
  func returnsARedirectOfARequestWithABodyAsTheReply(_ status: Int) async throws {
    let origin = try Self.redirectingServer(status: status) { _ in "/landing" }
    defer { origin.stop() }

    let response = try await AsyncHTTPClientTransport().send(
      HTTPRequest(
        method: .post, url: origin.url("/start"), headers: ["Content-Type": "text/plain"],
        body: .data(Data("hello".utf8))))

    #expect(response.status == status)
    #expect(response.headers["Location"] == "/landing")
    #expect(origin.requests.map(\.target) == ["/start"])
  }

  @Test(arguments: ["https://127.0.0.1:1/landing", "file:///etc/passwd"])
  func returnsARedirectToAnotherSchemeAsTheReply(_ location: String) async throws {
    let origin = try Self.redirectingServer(status: 302) { _ in location }
    defer { origin.stop() }

    let response = try await AsyncHTTPClientTransport().send(
      HTTPRequest(method: .get, url: origin.url("/start"), headers: Self.credentials))

    #expect(response.status == 302)
    #expect(response.headers["Location"] == location)
    #expect(origin.requests.map(\.target) == ["/start"])
  }

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

    let error = await transportError(
      sending: HTTPRequest(
        method: .post, url: server.url("/card"), body: .file(missing, length: 10)),
      through: AsyncHTTPClientTransport())

    #expect(error?.kind == .invalidRequest)
    #expect(error?.message == "body file \(missing.path) cannot be read: No such file or directory")
    #expect(server.requests.isEmpty)
  }

  @Test func aRefusedConnectionCannotConnect() async throws {
    let port = try RefusingPort()

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: port.url("/cards?token=secret")),
      through: AsyncHTTPClientTransport())

    #expect(error?.kind == .cannotConnect)
    #expect(
      error?.message.hasPrefix(
        "cannot connect to 127.0.0.1:\(port.port): the connection was refused (") == true)
    #expect(error?.message.contains("secret") == false)
  }

  /// The request's time limit, from what is left of the call's deadline, ends an attempt the
  /// server never answers.
  @Test func anAttemptPastItsTimeLimitTimesOut() async throws {
    let server = try LoopbackHTTPServer { _ in .hang }
    defer { server.stop() }

    let error = await transportError(
      sending: HTTPRequest(
        method: .get, url: server.url("/cards"), timeLimit: .milliseconds(200)),
      through: AsyncHTTPClientTransport())

    #expect(error?.kind == .timedOut)
    #expect(
      error?.message
        == "the reply from 127.0.0.1:\(server.port) was not complete by the call's deadline")
  }

  /// A borrowed client's read timeout ends an exchange whose server sends nothing more; the
  /// transport leaves the client to its owner, who shuts it down.
  @Test func aBorrowedClientsReadTimeoutTimesOut() async throws {
    let server = try LoopbackHTTPServer { _ in .hang }
    defer { server.stop() }
    let client = HTTPClient(
      eventLoopGroup: HTTPClient.defaultEventLoopGroup,
      configuration: AsyncHTTPClientTransport.clientConfiguration(readTimeout: .milliseconds(200)))

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/cards")),
      through: AsyncHTTPClientTransport(client: client))
    try await client.shutdown()

    #expect(error?.kind == .timedOut)
    #expect(
      error?.message
        == "no data from 127.0.0.1:\(server.port) within the client's read timeout"
        + " (HTTPClientError.readTimeout)")
  }
}
