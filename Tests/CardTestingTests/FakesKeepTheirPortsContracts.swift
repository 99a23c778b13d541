import CardData
import CardDataTesting
import Foundation
import Testing

/// The fakes are held to the same specs as the real implementations, so a test that passes
/// against a fake means something for the real thing.
@Suite("The fakes keep their ports' contracts", .timeLimit(.minutes(1)))
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
        .init(
          transport: StubTransport(serving: server), baseURL: URL(string: "https://stub.invalid")!)
      })
  }
}
