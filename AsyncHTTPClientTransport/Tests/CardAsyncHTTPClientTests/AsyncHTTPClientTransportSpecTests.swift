import CardAsyncHTTPClient
import CardData
import CardDataTesting
import Testing

/// The AsyncHTTPClient transport keeps the transport contract over real sockets, checked by
/// the same spec as the URLSession, stub and sandbox transports, with the spec's server behind
/// the loopback HTTP/1.1 test server
/// (``CardDataTesting/HTTPTransportSpec/Connector/loopback(_:)``).
@Suite("AsyncHTTPClient transport: the HTTP transport spec over loopback", .timeLimit(.minutes(1)))
struct AsyncHTTPClientTransportSpecTests {
  @Test(arguments: HTTPTransportSpec.checks)
  func overLoopback(_ check: HTTPTransportSpec.Check) async throws {
    try await check.run(on: .loopback { AsyncHTTPClientTransport(configuration: .init()) })
  }
}
