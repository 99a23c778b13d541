import CardAsyncHTTPClient
import CardData
import CardDataTesting
import CardDomain
import Foundation
import LoopbackHTTPTestServer
import Testing

/// What a broken or hostile server can do to an exchange over AsyncHTTPClient: the cases the
/// URLSession transport is tested against, each ending with the same kind of error. Each test
/// ends, passing or failing, within the transport's limits, which are real limits here; the
/// suite's limit only stops one that would hang.
@Suite("AsyncHTTPClientTransport against a hostile server", .timeLimit(.minutes(1)))
struct AsyncHTTPClientHostileServerTests {
  /// AsyncHTTPClient answers no challenge: the Bearer token is the only credential this client
  /// sends, so the 401 is the answer, at once.
  @Test(arguments: [#"Basic realm="cards""#, #"Digest realm="cards", nonce="n1", qop="auth""#])
  func returnsA401WithAChallengeItCannotAnswerAtOnce(_ challenge: String) async throws {
    let server = try LoopbackHTTPServer { _ in
      .respond(
        status: 401, headers: [("WWW-Authenticate", challenge)],
        body: Data(#"{"status":401,"success":false,"message":"sign in"}"#.utf8))
    }
    defer { server.stop() }

    let response = try await AsyncHTTPClientTransport().send(
      HTTPRequest(method: .get, url: server.url("/cards")))

    #expect(response.status == 401)
    #expect(response.headers["WWW-Authenticate"] == challenge)
    #expect(server.requests.count == 1)
  }

  /// A byte every 50 ms keeps each attempt under any request timeout; only the call's
  /// deadline, which covers every attempt and delay, ends the call (a real timeout here, of
  /// 1 s, against the 20 s the server would take). The card list goes through the whole
  /// client, signed in with a credential that is not due for a refresh.
  @Test func aDrippingServerIsStoppedByTheCallsDeadline() async throws {
    let server = try LoopbackHTTPServer { _ in .trickle(bytes: 400, interval: .milliseconds(50)) }
    defer { server.stop() }
    let credential = AuthCredential(
      userID: "demo", accessToken: "access", refreshToken: "refresh",
      expiresAt: Date().addingTimeInterval(3600))
    let api = CardAPI(
      baseURL: server.url(), transport: AsyncHTTPClientTransport(),
      store: InMemoryCredentialStore(credential: credential),
      deadline: CallDeadline(base: .seconds(1)))

    do throws(CardError) {
      _ = try await api.cards.cards()
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
    let transport = AsyncHTTPClientTransport(configuration: try .init(maximumReplySize: 16 << 10))

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/cards")), through: transport)

    #expect(error?.kind == .replyRefused)
    #expect(
      error?.message
        == "the reply from 127.0.0.1:\(server.port) is larger than 16 KiB (the reply limit)")
  }

  @Test func acceptsAReplyOfExactlyTheLimit() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: Data(count: 16 << 10)) }
    defer { server.stop() }
    let transport = AsyncHTTPClientTransport(configuration: try .init(maximumReplySize: 16 << 10))

    let response = try await transport.send(HTTPRequest(method: .get, url: server.url("/cards")))

    #expect(response.body.count == 16 << 10)
  }

  /// A chunked reply with no end is refused at the first chunk past the limit, and the
  /// connection is closed, which is what ends the server's writing: the client holds no more
  /// than the limit and what its socket buffers.
  @Test func refusesAnEndlessChunkedReplyAndClosesTheConnection() async throws {
    let server = try await EndlessChunkedServer()
    defer { server.stop() }
    let transport = AsyncHTTPClientTransport(configuration: try .init(maximumReplySize: 16 << 10))

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url), through: transport)

    #expect(error?.kind == .replyRefused)
    #expect(
      error?.message
        == "the reply from 127.0.0.1:\(server.port) is larger than 16 KiB (the reply limit)")
    #expect(try await server.bytesWrittenUntilClosed() > 16 << 10)
  }

  /// The request asks for no compression, and a compressed reply is refused when its header
  /// arrives, without reading its body, so a gzip bomb is never inflated. The body here, 290
  /// bytes that inflate to 256 KiB of spaces, was made with Python's
  /// `gzip.compress(b" " * 262144, 9, mtime=0)`.
  @Test func refusesACompressedReplyItDidNotAskFor() async throws {
    let packed = try #require(Data(base64Encoded: Self.gzippedSpaces))
    let server = try LoopbackHTTPServer { _ in
      .respond(status: 200, headers: [("Content-Encoding", "gzip")], body: packed)
    }
    defer { server.stop() }

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/cards")),
      through: AsyncHTTPClientTransport())

    #expect(error?.kind == .replyRefused)
    #expect(
      error?.message
        == "the reply from 127.0.0.1:\(server.port) is compressed (gzip), which was not asked for")
    #expect(server.requests.first?.header("Accept-Encoding") == "identity")
  }

  /// A header line of 1 MiB, or headers of 400 KiB in all, are past what SwiftNIO's parser
  /// takes (80 KiB): the reply is refused, as the URLSession transport refuses it.
  @Test(arguments: [(lines: 1, length: 1 << 20), (lines: 8, length: 50_000)])
  func aHeaderTooLargeIsAReplyTooLarge(lines: Int, length: Int) async throws {
    let headers = (0..<lines).map { ("X-Padding-\($0)", String(repeating: "a", count: length)) }
    let server = try LoopbackHTTPServer { _ in
      .respond(status: 200, headers: headers, body: Data("{}".utf8))
    }
    defer { server.stop() }

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: server.url("/cards")),
      through: AsyncHTTPClientTransport())

    #expect(error?.kind == .replyRefused)
    #expect(
      error?.message
        == "the header of the reply from 127.0.0.1:\(server.port) is larger than the client"
        + " accepts (HTTPParserError.headerOverflow)")
  }

  private static let gzippedSpaces =
    "H4sIAAAAAAACA+3BMQEAAADCoCrrn9LbDkABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    + "AAAAAAAAAAAAALwBNKAvkgAABAA="
}
