import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

@Suite("Remote auth repository and the session")
struct RemoteAuthRepositoryTests {
  typealias H = RepositoryHarness

  @Test func signInStoresTheCredentialWithItsExpiry() async throws {
    let harness = H()
    await harness.transport.stub(
      method: .post, path: "/api/auth/login", with: [H.envelope(data: H.tokenJSON)])
    let user = try await harness.auth.signIn(
      userID: try UserID("demo"), password: try Password("demo"))
    #expect(user.userID.rawValue == "demo")
    let stored = try #require(await harness.store.credential)
    #expect(stored.accessToken == "access-new")
    #expect(stored.expiresAt == harness.clock.now().addingTimeInterval(3_600))
    let sent = try #require(await harness.transport.received.first)
    #expect(sent.request.headers["Authorization"] == nil, "login carries no credential")
    #expect(try await harness.auth.currentUser() == user)
  }

  @Test func wrongCredentialsAreRejectedAndStoreNothing() async throws {
    let harness = H()
    await harness.transport.stub(
      method: .post, path: "/api/auth/login",
      with: [.envelope(status: 401, message: "wrong user id or password")])
    await #expect(throws: CardError.requestErr(message: "wrong user id or password", status: 401)) {
      try await harness.auth.signIn(
        userID: try UserID("demo"), password: try Password("x"))
    }
    #expect(await harness.store.credential == nil)
    #expect(await harness.transport.received.count == 1, "login is a POST: never retried")
  }

  @Test func aLockedLoginSaysHowLongToWaitAndIsNotSentAgain() async throws {
    let harness = H()
    let body =
      #"{"status": 429, "success": false, "message": "too many failed logins", "data": null}"#
    await harness.transport.stub(
      method: .post, path: "/api/auth/login",
      with: [
        .status(
          429, headers: ["Content-Type": "application/json", "Retry-After": "42"], body: body)
      ])
    await #expect(
      throws: CardError.requestErr(
        message: "too many failed logins; try again in 42 s", status: 429)
    ) {
      try await harness.auth.signIn(userID: try UserID("demo"), password: try Password("demo"))
    }
    #expect(await harness.store.credential == nil)
    #expect(await harness.transport.received.count == 1)
  }

  @Test func aTokenReplyThatNamesAKeyTwiceIsRefusedAndStoresNothing() async throws {
    let harness = H()
    let token =
      #"{"accessToken": "at_1", "refreshToken": "rt_1", "expiresIn": 60, "accessToken": "at_2"}"#
    await harness.transport.stub(
      method: .post, path: "/api/auth/login", with: [H.envelope(data: token)])
    await #expect(
      throws: CardError.pathErr(
        reason: "status 200: the key accessToken appears more than once in one object")
    ) {
      try await harness.auth.signIn(userID: try UserID("demo"), password: try Password("demo"))
    }
    #expect(await harness.store.credential == nil)
  }

  @Test func anExpiredTokenIsRefreshedTransparently() async throws {
    let clock = FakeWallClock()
    let harness = H(credential: H.credential(expiresIn: -60, clock: clock))
    await harness.transport.stub(
      method: .post, path: "/api/auth/refresh", with: [H.envelope(data: H.tokenJSON)])
    await harness.transport.stub(Endpoint.cardList)
    let cards = try await harness.cards.cards()
    #expect(cards.count == 2)
    let requests = await harness.transport.received.map(\.request)
    #expect(requests.map(\.url.path) == ["/api/auth/refresh", "/api/cards"])
    #expect(requests[0].headers["Authorization"] == nil, "the refresh bypasses authentication")
    #expect(requests[1].headers["Authorization"] == "Bearer access-new")
    #expect(await harness.store.credential?.refreshToken == "refresh-new")
  }

  @Test func aRejectedRefreshEndsTheSession() async throws {
    let harness = H(credential: H.credential())
    await harness.transport.stub(
      Endpoint.cardList, with: [.envelope(status: 401, message: "expired")])
    await harness.transport.stub(
      method: .post, path: "/api/auth/refresh",
      with: [.envelope(status: 401, message: "refresh token revoked")])
    await #expect(throws: CardError.sessionExpired(reason: "refresh token revoked")) {
      try await harness.cards.cards()
    }
    #expect(await harness.store.credential == nil)
    #expect(try await harness.auth.currentUser() == nil)
  }

  @Test func signOutClearsTheSessionEvenWhenTheServerIsUnreachable() async throws {
    let harness = H(credential: H.credential())
    await harness.transport.stub(
      method: .post, path: "/api/auth/logout",
      with: [.failure(TransportError(.cannotConnect, "offline"))])
    #expect(try await harness.auth.signOut() == .signedOut)
    #expect(await harness.store.credential == nil)
    let sent = try #require(await harness.transport.received.first)
    #expect(sent.request.headers["Authorization"] == "Bearer access-0")
  }

  @Test func noSecretReachesTheLog() async throws {
    let harness = H()
    await harness.transport.stub(
      method: .post, path: "/api/auth/login", with: [H.envelope(data: H.tokenJSON)])
    await harness.transport.stub(Endpoint.cardList)
    _ = try await harness.auth.signIn(
      userID: try UserID("demo"), password: try Password("correct-horse-battery"))
    _ = try await harness.cards.cards()
    let log = harness.log.lines.joined(separator: "\n")
    #expect(log.contains("POST https://cards.test/api/auth/login"))
    #expect(log.contains("<redacted>"))
    for secret in ["correct-horse-battery", "access-new", "refresh-new"] {
      #expect(!log.contains(secret), "\(secret) leaked into the log")
    }
  }
}
