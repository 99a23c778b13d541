import CardData
import CardDataTesting
import CardInfrastructure
import Foundation
import LoopbackHTTPTestServer
import Testing

/// The URLSession transport keeps the transport contract over real sockets, checked by the
/// same spec as the stub and the sandbox transport, with the spec's server behind the
/// loopback HTTP/1.1 test server.
@Suite("URLSession transport: the HTTP transport spec over loopback", .timeLimit(.minutes(1)))
struct URLSessionTransportSpecTests {
  @Test(arguments: HTTPTransportSpec.checks)
  func overLoopback(_ check: HTTPTransportSpec.Check) async throws {
    try await check.run(
      on: .init { server in
        let loopback = try LoopbackHTTPServer { request in
          let received = HTTPTransportSpec.ReceivedRequest(
            method: request.method, target: request.target,
            headers: HTTPHeaders(request.headers.map { .init(name: $0.name, value: $0.value) }),
            body: request.body)
          switch server(received) {
          case .response(let response):
            return .respond(
              status: response.status, headers: response.headers.map { ($0.name, $0.value) },
              body: response.body)
          case .hold:
            return .hang
          case .drop:
            return .close
          }
        }
        let transport = URLSessionTransport(configuration: .init())
        return .init(transport: transport, baseURL: loopback.url(), stop: loopback.stop)
      })
  }
}
