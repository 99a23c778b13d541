import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

@Suite("Authentication: a slow store read never undoes a refresh", .timeLimit(.minutes(1)))
struct CredentialReloadRaceTests {
  private let endpoint = AuthFixture.protected

  /// Request A reads the expired credential from the store, but its read returns only after
  /// request B has refreshed. A must use B's fresh credential, not put the expired one back in
  /// the cache and refresh it again.
  @Test func aProactiveRefreshThatFinishesDuringAnotherRequestsStoreReadIsReused() async throws {
    let fixture = AuthFixture(
      expiresIn: -60, accepting: ["access-1"],
      refreshLimit: RefreshLimit(maximum: 1, window: .seconds(30)))
    let store = fixture.observed
    await store.parkNextLoad()

    let client = fixture.client
    let first = Task { await outcome(of: client, endpoint) }
    try await store.waitUntilALoadIsParked()

    let second = try await client.send(endpoint)
    #expect(second.status == 200)
    #expect(fixture.refresher.callCount == 1)

    await store.releaseLoad()
    let firstResult = await first.value
    #expect(firstResult.success?.status == 200)
    #expect(fixture.refresher.callCount == 1)
    #expect(await store.refreshRequests == 1)
    let sent = await fixture.transport.received.map { $0.request.headers["Authorization"] }
    #expect(sent == ["Bearer access-1", "Bearer access-1"])
  }

  /// Request A got a 401 and re-reads the store to see whether the credential changed; the
  /// read returns the old credential after request B's refresh finished. A must retry with the
  /// fresh credential, not start a second refresh.
  @Test func aReactiveRefreshThatFinishesDuringAnotherRequestsStoreReadIsReused() async throws {
    let fixture = AuthFixture(
      expiresIn: 3_600, accepting: ["access-1"],
      refreshLimit: RefreshLimit(maximum: 1, window: .seconds(30)))
    let store = fixture.observed
    let client = fixture.client

    // Warm the cache with a request the server accepts, then make it reject access-0.
    fixture.server.accept(only: ["access-0"])
    _ = try await client.send(endpoint)
    fixture.server.accept(only: ["access-1"])

    await store.parkNextLoad()
    let first = Task { await outcome(of: client, endpoint) }
    try await store.waitUntilALoadIsParked()

    await store.parkNextLoad(false)
    let second = try await client.send(endpoint)
    #expect(second.status == 200)
    #expect(fixture.refresher.callCount == 1)

    await store.releaseLoad()
    let firstResult = await first.value
    #expect(firstResult.success?.status == 200)
    #expect(fixture.refresher.callCount == 1)
    #expect(await store.refreshRequests == 1)
  }
}
