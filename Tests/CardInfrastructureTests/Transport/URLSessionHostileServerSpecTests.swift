import CardData
import CardDataTesting
import CardInfrastructure
import Testing

/// The URLSession transport against hostile and redirecting servers, over FoundationNetworking's
/// real HTTP code path: the same checks the AsyncHTTPClient transport runs.
@Suite("URLSession transport: the hostile server spec", .timeLimit(.minutes(1)))
struct URLSessionHostileServerSpecTests {
  @Test(arguments: HostileServerSpec.checks)
  func againstHostileServers(_ check: HostileServerSpec.Check) async throws {
    try await check.run {
      URLSessionTransport(
        configuration: try .init(requestTimeout: .seconds(30), maximumReplySize: $0))
    }
  }
}
