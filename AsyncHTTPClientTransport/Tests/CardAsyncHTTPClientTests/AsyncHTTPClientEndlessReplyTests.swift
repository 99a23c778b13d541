import CardAsyncHTTPClient
import CardData
import Testing

/// What the loopback server cannot play: a reply with no end, written as fast as the client
/// reads it. The rest of the hostile servers are `HostileServerSpec`'s
/// (`AsyncHTTPClientHostileServerSpecTests`). The test ends, passing or failing, within the
/// transport's limits; the suite's limit only stops one that would hang.
@Suite("AsyncHTTPClientTransport against an endless reply", .timeLimit(.minutes(1)))
struct AsyncHTTPClientEndlessReplyTests {
  /// A chunked reply with no end is refused at the first chunk past the limit, and the
  /// connection is closed, which is what ends the server's writing: the client holds no more
  /// than the limit and what its socket buffers.
  @Test func refusesAnEndlessChunkedReplyAndClosesTheConnection() async throws {
    let server = try await EndlessChunkedServer()
    defer { server.stop() }
    let transport = AsyncHTTPClientTransport(configuration: try .init(maximumReplySize: 16 << 10))

    let error = await #expect(throws: TransportError.self) {
      try await transport.send(HTTPRequest(method: .get, url: server.url))
    }

    #expect(error?.kind == .replyRefused)
    #expect(
      error?.message
        == "the reply from 127.0.0.1:\(server.port) is larger than 16 KiB (the reply limit)")
    #expect(try await server.bytesWrittenUntilClosed() > 16 << 10)
  }
}
