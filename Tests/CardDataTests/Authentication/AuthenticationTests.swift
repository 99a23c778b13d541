import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

@Suite("Authentication: the credential, proactive and reactive refresh, failures")
struct AuthenticationTests {
  private let endpoint = AuthFixture.protected

  private func sentTokens(_ fixture: AuthFixture) async -> [String?] {
    await fixture.transport.received.map { $0.request.headers["Authorization"] }
  }

  // MARK: Adapting

  @Test("adds Authorization: Bearer <access token> to bearer endpoints")
  func addsBearer() async throws {
    let fixture = AuthFixture()
    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 200)
    #expect(await sentTokens(fixture) == ["Bearer access-0"])
    #expect(fixture.refresher.callCount == 0)
  }

  @Test("endpoints that need no credential pass untouched, even when signed out")
  func noneEndpointUntouched() async throws {
    let fixture = AuthFixture(token: nil)
    await fixture.transport.stub(method: .post, path: "/auth/login", with: [.status(200)])
    let login = TestEndpoint.make(path: "/auth/login", method: .post)
    let response = try await fixture.client.send(login)
    #expect(response.status == 200)
    #expect(await sentTokens(fixture) == [nil])

    _ = try await fixture.client.send(TestEndpoint.get("/public"))
    #expect(await fixture.transport.received.last?.request.headers["Authorization"] == nil)
    #expect(fixture.refresher.callCount == 0)
  }

  @Test("a 401 on an endpoint without authorization is not refreshed")
  func noneEndpoint401NotRefreshed() async throws {
    let fixture = AuthFixture()
    let response = try await fixture.client.send(TestEndpoint.get("/public"))
    #expect(response.status == 401)
    #expect(fixture.refresher.callCount == 0)
    #expect(await fixture.transport.received.count == 1)
  }

  @Test("with no stored credential, a bearer request fails as .signedOut and nothing is sent")
  func signedOut() async throws {
    let fixture = AuthFixture(token: nil)
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .signedOut)
    #expect(await fixture.transport.received.isEmpty)
    #expect(fixture.refresher.callCount == 0)
  }

  @Test("a store that cannot be read fails the request as .credentialStorage")
  func storeLoadFails() async throws {
    let fixture = AuthFixture()
    let failure = CredentialStoreError(.corrupted, "the stored bytes fail authentication")
    await fixture.store.makeUnreadable(failure)
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .credentialStorage(reason: failure.message))
    #expect(await fixture.transport.received.isEmpty)
  }

  @Test("a store that cannot be read during the refresh fails as .credentialStorage")
  func storeFailsDuringRefresh() async throws {
    let fixture = AuthFixture(expiresIn: 3_600)
    _ = try await fixture.client.send(endpoint)
    fixture.clock.advance(by: .seconds(3_600))
    let failure = CredentialStoreError(.unavailable, "locked")
    await fixture.store.makeUnreadable(failure)
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .credentialStorage(reason: failure.message))
    #expect(fixture.refresher.callCount == 0)
    #expect(await fixture.transport.received.count == 1)
  }

  // MARK: Proactive refresh

  @Test(
    "a credential expiring within the window (5 min) is refreshed before sending",
    arguments: [-3_600, -1, 0, 1, 120, 299, 300] as [TimeInterval])
  func proactiveRefresh(expiresIn: TimeInterval) async throws {
    let fixture = AuthFixture(expiresIn: expiresIn, accepting: ["access-1"])
    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 200)
    #expect(fixture.refresher.callCount == 1)
    #expect(fixture.refresher.refreshedCredentials.map(\.accessToken) == ["access-0"])
    #expect(await sentTokens(fixture) == ["Bearer access-1"])
    #expect(await fixture.store.credential?.accessToken == "access-1")
    #expect(await fixture.store.refreshCallCount == 1)
  }

  @Test(
    "a credential outside the window is used as is",
    arguments: [301, 600, 3_600] as [TimeInterval])
  func noProactiveRefresh(expiresIn: TimeInterval) async throws {
    let fixture = AuthFixture(expiresIn: expiresIn)
    _ = try await fixture.client.send(endpoint)
    #expect(fixture.refresher.callCount == 0)
    #expect(await sentTokens(fixture) == ["Bearer access-0"])
  }

  @Test("the window is configurable and the clock decides")
  func customWindow() async throws {
    let fixture = AuthFixture(expiresIn: 120, accepting: ["access-0", "access-1"])
    let authenticator = Authentication(
      store: fixture.store, refresher: fixture.refresher, clock: fixture.clock,
      refreshWindow: .seconds(60))
    let client = RequestPipeline(
      baseURL: testBaseURL, transport: fixture.transport, middleware: [authenticator])
    _ = try await client.send(endpoint)
    #expect(fixture.refresher.callCount == 0)

    fixture.clock.advance(by: .seconds(61))
    _ = try await client.send(endpoint)
    #expect(fixture.refresher.callCount == 1)
    #expect(await sentTokens(fixture) == ["Bearer access-0", "Bearer access-1"])
  }

  @Test("the refreshed credential is kept for later requests without another refresh")
  func refreshedCredentialIsReused() async throws {
    let fixture = AuthFixture(expiresIn: 10, accepting: ["access-1"])
    for _ in 0..<3 { _ = try await fixture.client.send(endpoint) }
    #expect(fixture.refresher.callCount == 1)
    #expect(await sentTokens(fixture) == Array(repeating: "Bearer access-1", count: 3))
  }

  // MARK: Reactive refresh

  @Test("a 401 refreshes once and the request is retried once and succeeds")
  func reactiveRefresh() async throws {
    let recorder = RecordingMiddleware()
    let fixture = AuthFixture(expiresIn: 3_600, accepting: ["access-1"])
    let client = RequestPipeline(
      baseURL: testBaseURL, transport: fixture.transport,
      middleware: [recorder, fixture.authenticator], sleeper: RecordingSleeper())
    let response = try await client.send(endpoint)
    #expect(response.status == 200)
    #expect(fixture.refresher.callCount == 1)
    #expect(await fixture.store.refreshCallCount == 1)
    #expect(await sentTokens(fixture) == ["Bearer access-0", "Bearer access-1"])
    let context = try #require(recorder.context)
    #expect(context.retries.map(\.reason) == [.authentication])
    #expect(context.retries.map(\.delay) == [.zero])
    #expect(context.attempts == 2)
  }

  @Test("a second 401 after the refresh is returned as the response, not refreshed again")
  func secondUnauthorizedIsReturned() async throws {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: [])
    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 401)
    #expect(fixture.refresher.callCount == 1)
    #expect(await sentTokens(fixture) == ["Bearer access-0", "Bearer access-1"])
  }

  @Test("other failing statuses are handed back for the middleware outside it")
  func otherStatusesIgnored() async throws {
    let fixture = AuthFixture()
    await fixture.transport.stub(method: .get, path: "/cards", with: [.status(403), .status(200)])
    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 403)
    #expect(fixture.refresher.callCount == 0)
  }

  @Test("a request sent with an older credential than the stored one is retried at once")
  func olderCredentialRetriedWithoutRefresh() async throws {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: ["access-elsewhere"])
    let replacement = credential("access-elsewhere", expiresIn: 3_600, clock: fixture.clock)
    // While the first attempt is in flight, another process refreshes the stored credential,
    // so the 401 answers a credential older than the current one.
    await fixture.transport.setFallback { [store = fixture.store, server = fixture.server] in
      if $0.headers["Authorization"] == "Bearer access-0" {
        await store.replaceBehindTheScenes(with: replacement)
      }
      return server.reply(to: $0)
    }

    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 200)
    #expect(fixture.refresher.callCount == 0)
    #expect(await fixture.store.refreshCallCount == 0)
    #expect(await sentTokens(fixture) == ["Bearer access-0", "Bearer access-elsewhere"])
  }

  @Test("a new sign-in is used by the very next request")
  func newSignInUsedAtOnce() async throws {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: ["access-0", "access-other-user"])
    _ = try await fixture.client.send(endpoint)
    let other = credential("access-other-user", expiresIn: 3_600, clock: fixture.clock)
    try await fixture.store.save(other)

    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 200)
    #expect(await sentTokens(fixture) == ["Bearer access-0", "Bearer access-other-user"])
  }

  @Test("a 401 after another process signed out fails as .signedOut without a refresh")
  func signedOutElsewhere() async throws {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: ["access-0"])
    _ = try await fixture.client.send(endpoint)
    await fixture.store.replaceBehindTheScenes(with: nil)
    fixture.server.accept(only: [])

    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .signedOut)
    #expect(fixture.refresher.callCount == 0)
  }

  // MARK: Refresh failures

  @Test(
    "a refused refresh fails as .sessionExpired and clears the store", arguments: [true, false])
  func refusedRefresh(proactive: Bool) async throws {
    let fixture = AuthFixture(
      expiresIn: proactive ? -60 : 3_600, accepting: ["access-1"],
      refresherFailure: .requestErr(message: "refresh token expired", status: 401))
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .sessionExpired(reason: "refresh token expired"))
    #expect(await fixture.store.credential == nil)
    #expect(await fixture.store.clearCount == 1)
    #expect(fixture.refresher.callCount == 1)
    #expect(await fixture.transport.received.count == (proactive ? 0 : 1))

    // The session is over: the next request does not try to refresh again.
    let next = await outcome(of: fixture.client, endpoint)
    #expect(next.failure == .signedOut)
    #expect(fixture.refresher.callCount == 1)
  }

  @Test(
    "a refresh that fails without a verdict fails as .refreshFailed and keeps the credential",
    arguments: [
      CardError.networkFail(reason: "offline"), .serverErr(status: 503, message: nil),
      .pathErr(reason: "no token in reply"),
    ])
  func refreshFailedKeepsCredential(failure: CardError) async throws {
    // The failed call is the refresher's first, so the next one issues access-2.
    let fixture = AuthFixture(expiresIn: -60, accepting: ["access-2"], refresherFailure: failure)
    let before = await fixture.store.credential
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == failure)
    #expect(await fixture.store.credential == before)
    #expect(await fixture.store.clearCount == 0)
    #expect(await fixture.transport.received.isEmpty)

    // The kept credential lets a later attempt refresh and succeed.
    fixture.refresher.setFailure(nil)
    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 200)
    #expect(fixture.refresher.callCount == 2)
    #expect(await fixture.store.credential?.accessToken == "access-2")
  }

  @Test("a reactive refresh that fails on the network fails as .refreshFailed")
  func reactiveNetworkFailure() async throws {
    let fixture = AuthFixture(
      expiresIn: 3_600, accepting: ["access-1"],
      refresherFailure: .networkFail(reason: "offline"))
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .networkFail(reason: "offline"))
    #expect(await fixture.store.credential?.accessToken == "access-0")
    #expect(await fixture.transport.received.count == 1)
  }

  @Test("a refresh refused with another 4xx also ends the session", arguments: [400, 403])
  func otherRejections(status: Int) async throws {
    let fixture = AuthFixture(
      expiresIn: -1, refresherFailure: .requestErr(message: "invalid grant", status: status))
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .sessionExpired(reason: "invalid grant"))
    #expect(await fixture.store.credential == nil)
  }
}
