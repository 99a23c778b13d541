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

  @Test func addsAuthorizationBearerAccessTokenToBearerEndpoints() async throws {
    let fixture = AuthFixture()
    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 200)
    #expect(await sentTokens(fixture) == ["Bearer access-0"])
    #expect(fixture.refresher.callCount == 0)
  }

  @Test func endpointsThatNeedNoCredentialPassUntouchedEvenWhenSignedOut() async throws {
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

  @Test func a401OnAnEndpointWithoutAuthorizationIsNotRefreshed() async throws {
    let fixture = AuthFixture()
    let response = try await fixture.client.send(TestEndpoint.get("/public"))
    #expect(response.status == 401)
    #expect(fixture.refresher.callCount == 0)
    #expect(await fixture.transport.received.count == 1)
  }

  @Test func withNoStoredCredentialABearerRequestFailsAsSignedOutAndNothingIsSent() async throws {
    let fixture = AuthFixture(token: nil)
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .signedOut)
    #expect(await fixture.transport.received.isEmpty)
    #expect(fixture.refresher.callCount == 0)
  }

  @Test func aStoreThatCannotBeReadFailsTheRequestAsCredentialStorage() async throws {
    let fixture = AuthFixture()
    let failure = CredentialStoreError(.corrupted, "the stored bytes fail authentication")
    await fixture.store.makeUnreadable(failure)
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .credentialStorage(reason: failure.message))
    #expect(await fixture.transport.received.isEmpty)
  }

  @Test func aStoreThatCannotBeReadDuringTheRefreshFailsAsCredentialStorage() async throws {
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

  @Test(arguments: [-3_600, -1, 0, 1, 120, 299, 300] as [TimeInterval])
  func aCredentialExpiringWithinTheWindow5MinIsRefreshedBeforeSending(expiresIn: TimeInterval)
    async throws
  {
    let fixture = AuthFixture(expiresIn: expiresIn, accepting: ["access-1"])
    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 200)
    #expect(fixture.refresher.callCount == 1)
    #expect(fixture.refresher.refreshedCredentials.map(\.accessToken) == ["access-0"])
    #expect(await sentTokens(fixture) == ["Bearer access-1"])
    #expect(await fixture.store.credential?.accessToken == "access-1")
    #expect(await fixture.store.refreshCallCount == 1)
  }

  @Test(arguments: [301, 600, 3_600] as [TimeInterval])
  func aCredentialOutsideTheWindowIsUsedAsIs(expiresIn: TimeInterval) async throws {
    let fixture = AuthFixture(expiresIn: expiresIn)
    _ = try await fixture.client.send(endpoint)
    #expect(fixture.refresher.callCount == 0)
    #expect(await sentTokens(fixture) == ["Bearer access-0"])
  }

  @Test func theWindowIsConfigurableAndTheClockDecides() async throws {
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

  @Test func theRefreshedCredentialIsKeptForLaterRequestsWithoutAnotherRefresh() async throws {
    let fixture = AuthFixture(expiresIn: 10, accepting: ["access-1"])
    for _ in 0..<3 { _ = try await fixture.client.send(endpoint) }
    #expect(fixture.refresher.callCount == 1)
    #expect(await sentTokens(fixture) == Array(repeating: "Bearer access-1", count: 3))
  }

  // MARK: Reactive refresh

  @Test func a401RefreshesOnceAndTheRequestIsRetriedOnceAndSucceeds() async throws {
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

  @Test func aSecond401AfterTheRefreshIsReturnedAsTheResponseNotRefreshedAgain() async throws {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: [])
    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 401)
    #expect(fixture.refresher.callCount == 1)
    #expect(await sentTokens(fixture) == ["Bearer access-0", "Bearer access-1"])
  }

  @Test func otherFailingStatusesAreHandedBackForTheMiddlewareOutsideIt() async throws {
    let fixture = AuthFixture()
    await fixture.transport.stub(method: .get, path: "/cards", with: [.status(403), .status(200)])
    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 403)
    #expect(fixture.refresher.callCount == 0)
  }

  @Test func aRequestSentWithAnOlderCredentialThanTheStoredOneIsRetriedAtOnce() async throws {
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

  @Test func aNewSignInIsUsedByTheVeryNextRequest() async throws {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: ["access-0", "access-other-user"])
    _ = try await fixture.client.send(endpoint)
    let other = credential("access-other-user", expiresIn: 3_600, clock: fixture.clock)
    try await fixture.store.save(other)

    let response = try await fixture.client.send(endpoint)
    #expect(response.status == 200)
    #expect(await sentTokens(fixture) == ["Bearer access-0", "Bearer access-other-user"])
  }

  @Test func a401AfterAnotherProcessSignedOutFailsAsSignedOutWithoutARefresh() async throws {
    let fixture = AuthFixture(expiresIn: 3_600, accepting: ["access-0"])
    _ = try await fixture.client.send(endpoint)
    await fixture.store.replaceBehindTheScenes(with: nil)
    fixture.server.accept(only: [])

    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .signedOut)
    #expect(fixture.refresher.callCount == 0)
  }

  // MARK: Refresh failures

  @Test(arguments: [true, false])
  func aRefusedRefreshFailsAsSessionExpiredAndClearsTheStore(proactive: Bool) async throws {
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

  @Test(arguments: [
    CardError.networkFail(reason: "offline"), .serverErr(status: 503, message: nil),
    .pathErr(reason: "no token in reply"),
  ])
  func aRefreshThatFailsWithoutAVerdictFailsAsRefreshFailedAndKeepsTheCredential(failure: CardError)
    async throws
  {
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

  @Test func aReactiveRefreshThatFailsOnTheNetworkFailsAsRefreshFailed() async throws {
    let fixture = AuthFixture(
      expiresIn: 3_600, accepting: ["access-1"],
      refresherFailure: .networkFail(reason: "offline"))
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .networkFail(reason: "offline"))
    #expect(await fixture.store.credential?.accessToken == "access-0")
    #expect(await fixture.transport.received.count == 1)
  }

  @Test(arguments: [400, 403])
  func aRefreshRefusedWithAnother4xxAlsoEndsTheSession(status: Int) async throws {
    let fixture = AuthFixture(
      expiresIn: -1, refresherFailure: .requestErr(message: "invalid grant", status: status))
    let result = await outcome(of: fixture.client, endpoint)
    #expect(result.failure == .sessionExpired(reason: "invalid grant"))
    #expect(await fixture.store.credential == nil)
  }
}
