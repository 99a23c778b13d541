import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

/// Signing in and out over a spy of the `APIClient` port and an in-memory store: what is sent,
/// what is stored, and what the caller is told. No pipeline: the refresh and the Bearer token
/// on the wire are `CardAPIWiringTests`'s subject.
@Suite("Remote auth repository")
struct RemoteAuthRepositoryTests {
  let client = SpyAPIClient()
  let store = InMemoryCredentialStore()
  let clock = FakeWallClock()

  @Test func signingInStoresTheCredentialDatedByTheClock() async throws {
    let auth = RemoteAuthRepository(client: client, store: store, clock: clock)
    let user = try await auth.signIn(userID: try UserID("demo"), password: try Password("pw"))
    #expect(user.userID.rawValue == "demo")
    let stored = try #require(await store.credential)
    #expect(stored.userID == "demo")
    #expect(stored.expiresAt == clock.now().addingTimeInterval(3_600))
    #expect(client.sent.map(\.name) == ["login"])
    #expect(client.sent.first?.authorization == .anonymous)
    #expect(try await auth.currentUser() == user)
  }

  @Test func wrongCredentialsAreRejectedAndStoreNothing() async throws {
    let client = SpyAPIClient { _ in .envelope(status: 401, message: "wrong user id or password") }
    let auth = RemoteAuthRepository(client: client, store: store, clock: clock)
    await #expect(throws: CardError.requestErr(message: "wrong user id or password", status: 401)) {
      try await auth.signIn(userID: try UserID("demo"), password: try Password("x"))
    }
    #expect(await store.credential == nil)
  }

  @Test func aLockedLoginSaysHowLongToWaitAndStoresNothing() async throws {
    let body =
      #"{"status": 429, "success": false, "message": "too many failed logins", "data": null}"#
    let client = SpyAPIClient { _ in
      .status(429, headers: ["Content-Type": "application/json", "Retry-After": "42"], body: body)
    }
    let auth = RemoteAuthRepository(client: client, store: store, clock: clock)
    await #expect(
      throws: CardError.requestErr(
        message: "too many failed logins; try again in 42 s", status: 429)
    ) {
      try await auth.signIn(userID: try UserID("demo"), password: try Password("demo"))
    }
    #expect(await store.credential == nil)
  }

  @Test func aTokenReplyThatNamesAKeyTwiceIsRefusedAndStoresNothing() async throws {
    let token =
      #"{"accessToken": "at_1", "refreshToken": "rt_1", "expiresIn": 60, "accessToken": "at_2"}"#
    let client = SpyAPIClient { _ in .envelope(data: token) }
    let auth = RemoteAuthRepository(client: client, store: store, clock: clock)
    await #expect(
      throws: CardError.pathErr(
        reason: "status 200: the key accessToken appears more than once in one object")
    ) {
      try await auth.signIn(userID: try UserID("demo"), password: try Password("demo"))
    }
    #expect(await store.credential == nil)
  }

  @Test func signingOutClearsTheStoreEvenWhenTheServerCannotBeTold() async throws {
    let client = SpyAPIClient { _ in .failure(TransportError(.cannotConnect, "offline")) }
    let auth = RemoteAuthRepository(client: client, store: store, clock: clock)
    await store.replaceBehindTheScenes(
      with: AuthCredential(
        userID: "demo", accessToken: "a", refreshToken: "r", expiresAt: clock.now()))
    #expect(try await auth.signOut() == .signedOut)
    #expect(await store.credential == nil)
    #expect(client.sent.map { "\($0.name) \($0.authorization)" } == ["logout bearer"])
  }

  @Test func signingOutSetsAnUnreadableSessionAside() async throws {
    let auth = RemoteAuthRepository(client: client, store: store, clock: clock)
    let tampered = CredentialStoreError(.corrupted, "the sealed file fails authentication")
    await store.makeUnreadable(tampered)
    await #expect(throws: CardError.credentialStorage(reason: tampered.message)) {
      try await auth.currentUser()
    }
    #expect(try await auth.signOut() == .unreadableSessionSetAside(at: "memory"))
    #expect(await store.setAside == [tampered])
    #expect(try await auth.currentUser() == nil)
  }

  @Test func aStoredSessionWithoutAUserIsUnreadable() async throws {
    let auth = RemoteAuthRepository(client: client, store: store, clock: clock)
    await store.replaceBehindTheScenes(
      with: AuthCredential(
        userID: " ", accessToken: "a", refreshToken: "r", expiresAt: clock.now()))
    await #expect(throws: CardError.credentialStorage(reason: "the stored session names no user")) {
      try await auth.currentUser()
    }
  }
}
