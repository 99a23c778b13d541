import CardData
import CardTestSupport
import Foundation
import Testing

/// The fakes are held to the same specs as the real implementations, so a test that passes
/// against a fake means something for the real thing.
@Suite("The fakes keep their ports' contracts")
struct FakesKeepTheirPortsContracts {
  @Test(arguments: CredentialStoreSpec.checks)
  func inMemoryCredentialStore(_ check: CredentialStoreSpec.Check) async throws {
    let store = InMemoryCredentialStore()
    try await check.run(
      on: .init(
        open: { store },
        corrupt: { await store.makeUnreadable(CredentialStoreError(.corrupted, "tampered")) }))
  }

  @Test(arguments: HTTPTransportSpec.checks)
  func stubTransport(_ check: HTTPTransportSpec.Check) async throws {
    try await check.run(
      on: .init { server in
        let transport = StubTransport { request in
          let target =
            request.url.path(percentEncoded: true)
            + (request.url.query(percentEncoded: true).map { "?" + $0 } ?? "")
          let body: Data =
            switch request.body {
            case .empty: Data()
            case .data(let data): data
            case .file(let url, _): (try? Data(contentsOf: url)) ?? Data()
            }
          let received = HTTPTransportSpec.ReceivedRequest(
            method: request.method.rawValue, target: target, headers: request.headers, body: body)
          switch server(received) {
          case .response(let response): return .response(response)
          case .hold: return .hold
          case .drop: return .failure(TransportError(.connectionLost, "dropped"))
          }
        }
        return .init(transport: transport, baseURL: URL(string: "https://stub.invalid")!)
      })
  }
}
