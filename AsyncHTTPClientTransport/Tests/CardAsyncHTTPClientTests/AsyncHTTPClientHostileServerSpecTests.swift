import CardAsyncHTTPClient
import CardData
import CardDataTesting
import Testing

/// The AsyncHTTPClient transport against hostile and redirecting servers: the same checks the
/// URLSession transport runs, each ending with the same kind of error.
@Suite("AsyncHTTPClient transport: the hostile server spec", .timeLimit(.minutes(1)))
struct AsyncHTTPClientHostileServerSpecTests {
  @Test(arguments: HostileServerSpec.checks)
  func againstHostileServers(_ check: HostileServerSpec.Check) async throws {
    try await check.run { AsyncHTTPClientTransport(configuration: try .init(maximumReplySize: $0)) }
  }
}
