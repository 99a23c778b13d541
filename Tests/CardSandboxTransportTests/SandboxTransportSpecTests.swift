import CardData
import CardDataTesting
import CardPrimitives
import CardSandbox
import CardSandboxTransport
import CardTestingPrimitives
import Foundation
import Testing

/// The sandbox transport keeps the transport contract, checked by the same spec as the stub
/// and the URLSession transport, with the spec's server behind the sandbox's request and
/// response types.
@Suite("Sandbox transport: the HTTP transport spec", .timeLimit(.minutes(1)))
struct SandboxTransportSpecTests {
  @Test(arguments: HTTPTransportSpec.checks)
  func sandboxTransport(_ check: HTTPTransportSpec.Check) async throws {
    try await check.run(
      on: .init { server in
        let transport = SandboxTransport { (request) async throws(SandboxTransportError) in
          let received = HTTPTransportSpec.ReceivedRequest(
            method: request.method, target: request.path,
            headers: HTTPHeaders(
              request.headers.fields.map { .init(name: $0.name, value: $0.value) }),
            body: request.body)
          switch server(received) {
          case .response(let response):
            return SandboxResponse(
              status: response.status,
              headers: HeaderFields(response.headers.map { ($0.name, $0.value) }),
              body: response.body)
          case .drop:
            throw .offline
          case .hold:
            do { try await Gate().wait() } catch { throw .cancelled }
            throw .cancelled
          }
        }
        return .init(transport: transport, baseURL: URL(string: "http://sandbox.invalid")!)
      })
  }
}
