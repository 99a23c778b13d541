import CardData
import CardDataTesting
import Foundation
import Testing

@testable import MyApp

@Suite(.timeLimit(.minutes(1)))
struct ContractTests {
  @Test(arguments: CredentialStoreSpec.checks)
  func appCredentialStore(_ check: CredentialStoreSpec.Check) async throws {
    let service = "tests-\(UUID())"
    try await check.run(
      on: .init(
        open: { AppCredentialStore(service: service) },  // a second handle, one storage
        corrupt: { try AppCredentialStore.overwriteWithGarbage(service: service) }))
  }

  @Test(arguments: HTTPTransportSpec.checks)
  func appTransport(_ check: HTTPTransportSpec.Check) async throws {
    try await check.run(on: .loopback { AppTransport() })  // the spec's server on 127.0.0.1
  }
}
