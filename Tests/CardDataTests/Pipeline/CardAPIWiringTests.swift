import CardData
import CardDataTesting
import CardDomain
import CardTestingPrimitives
import Foundation
import Testing

/// The repositories as `CardAPI` wires them, over a stub transport: what the middleware chain
/// makes of a call on the wire (the Bearer token, the refresh, the retries, the body, the log).
/// A repository's own behaviour is tested over a spy client in `Repositories/`.
@Suite("CardAPI's wiring, on the wire", .timeLimit(.minutes(1)))
struct CardAPIWiringTests {
  typealias H = CardAPIHarness

  @Test func aCallCarriesTheBearerTokenToItsURLUnderTheBaseURL() async throws {
    let harness = H(credential: H.credential())
    await harness.transport.stub(Endpoint.cardList)
    #expect(try await harness.cards.cards().map(\.id.rawValue) == ["c1", "c2"])
    let sent = try #require(await harness.transport.received.first)
    #expect(sent.request.headers["Authorization"] == "Bearer access-0")
    #expect(sent.request.url.absoluteString == "https://cards.test/api/cards")
  }

  @Test func anHTMLErrorPageIsAServerFailureAfterTwoRetriesOfTheGET() async throws {
    let harness = H(credential: H.credential())
    await harness.transport.stub(
      Endpoint.cardList, with: [.raw(status: 502, body: "<html>Bad Gateway</html>")])
    await #expect(throws: CardError.serverErr(status: 502, message: nil)) {
      try await harness.cards.cards()
    }
    #expect(await harness.transport.received.count == 3, "GET is retried twice")
    #expect(harness.sleeper.delays == [.milliseconds(500), .seconds(1)])
  }

  @Test func aCreationIsMultipartWithTheImageStreamedFromItsOwnFileAndNeverLogged() async throws {
    let directory = try TemporaryDirectory()
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("pixels".utf8)
    let imageURL = try directory.write(png, to: "photo.png")

    let harness = H(credential: H.credential())
    let image = CardImage(
      source: .file(imageURL, byteCount: Int64(png.count)), mimeType: .png, filename: "photo.png")
    let draft = CardDraft(name: "Kim Minji", image: image)
    await harness.transport.stub(
      Endpoint.cardCreation(draft), with: [.envelope(status: 201, data: StubReply.minjisCardJSON)])
    let card = try await harness.cards.create(draft)

    #expect(card.id.rawValue == "c1")
    let sent = try #require(await harness.transport.received.first)
    let body = String(decoding: sent.body, as: UTF8.self)
    #expect(
      sent.request.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
    #expect(body.contains(#"name="card.name""#) && body.contains("Kim Minji"))
    #expect(body.contains(#"name="image"; filename="photo.png""#) && body.contains("pixels"))
    #expect(sent.request.body.fileURLs == [imageURL], "the image streams from its own file")
    #expect(try directory.entries() == ["photo.png"], "no copy of it is made")
    #expect(!harness.log.lines.joined().contains("pixels"), "file contents are never logged")
  }

  @Test func aReorderSendsTheCompleteOrderAsJSON() async throws {
    let harness = H(credential: H.credential())
    let order = [try CardID("c2"), try CardID("c1")]
    await harness.transport.stub(Endpoint.cardListEdit(order))
    #expect(try await harness.cards.reorder(order).map(\.id.rawValue) == ["c2", "c1"])
    let sent = try #require(await harness.transport.received.first)
    #expect(String(decoding: sent.body, as: UTF8.self) == #"{"cardIds":["c2","c1"]}"#)
  }

  @Test func withNoSessionNothingIsSent() async throws {
    let harness = H()
    await #expect(throws: CardError.signedOut) { try await harness.cards.cards() }
    #expect(await harness.transport.received.isEmpty)
  }

  @Test func aTamperedStoreIsReportedNotTakenAsSignedOut() async throws {
    let harness = H(credential: H.credential())
    await harness.store.makeUnreadable(
      CredentialStoreError(.corrupted, "the sealed file fails authentication"))
    await #expect(
      throws: CardError.credentialStorage(reason: "the sealed file fails authentication")
    ) {
      try await harness.cards.cards()
    }
    #expect(await harness.transport.received.isEmpty)
  }

  @Test func cancellingTheTaskCancelsTheRequestWhichIsNotRetried() async throws {
    let harness = H(credential: H.credential())
    await harness.transport.stub(Endpoint.cardList, with: [.hold])
    let task = Task { try await harness.cards.cards() }
    try await harness.transport.waitUntilReceived(1)
    task.cancel()
    await #expect(throws: CardError.cancelled) { try await task.value }
    #expect(await harness.transport.received.count == 1, "a cancelled request is not retried")
  }

  @Test func aLoginCarriesNoCredentialAndARejectedOneIsNeverSentAgain() async throws {
    let harness = H()
    await harness.transport.stub(
      method: .post, path: "/api/auth/login",
      with: [.envelope(status: 401, message: "wrong user id or password")])
    await #expect(throws: CardError.requestErr(message: "wrong user id or password", status: 401)) {
      try await harness.auth.signIn(userID: try UserID("demo"), password: try Password("x"))
    }
    let sent = await harness.transport.received
    #expect(sent.count == 1, "login is a POST: never retried")
    #expect(sent.first?.request.headers["Authorization"] == nil, "login carries no credential")
  }

  @Test func aLockedLoginIsNotSentAgain() async throws {
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
    #expect(await harness.transport.received.count == 1)
    #expect(harness.sleeper.delays.isEmpty)
  }

  @Test func anExpiredTokenIsRefreshedTransparentlyPastAuthentication() async throws {
    let clock = FakeWallClock()
    let harness = H(credential: H.credential(expiresIn: -60, clock: clock))
    await harness.transport.stub(
      method: .post, path: "/api/auth/refresh", with: [.newTokens])
    await harness.transport.stub(Endpoint.cardList)
    #expect(try await harness.cards.cards().count == 2)
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

  @Test func aLogoutCarriesTheBearerTokenAndTheSessionEndsEvenWhenUnreachable() async throws {
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
    await harness.transport.stub(method: .post, path: "/api/auth/login", with: [.newTokens])
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
