import CardData
import CardDataTesting
import CardInfrastructure
import Foundation
import Testing

/// The URLSession transport keeps the transport contract over real sockets, checked by the
/// same spec as the stub and the sandbox transport, with the spec's server behind the
/// loopback HTTP/1.1 test server (``CardDataTesting/HTTPTransportSpec/Connector/loopback(_:)``).
@Suite("URLSession transport: the HTTP transport spec over loopback", .timeLimit(.minutes(1)))
struct URLSessionTransportSpecTests {
  @Test(arguments: HTTPTransportSpec.checks)
  func overLoopback(_ check: HTTPTransportSpec.Check) async throws {
    try await check.run(on: .loopback { URLSessionTransport(configuration: .init()) })
  }
}
