import CardDataTesting
import CardPrimitives
import CardSandbox
import CardTestingPrimitives
import Foundation
import Testing

/// A client killed after the server rotated its refresh token, but before it stored the
/// reply, still holds the spent token: within the reuse interval that token answers the
/// successor the lost reply carried, with a new access token, instead of signing the user out.
@Suite("Refresh token reuse interval")
struct RefreshTokenReuseTests {
  let clock = FakeWallClock()

  @Test func aSpentRefreshTokenReusedWithinTheIntervalAnswersTheSuccessorAndANewAccessToken()
    async throws
  {
    let sandbox = Sandbox(clock: clock.now)
    let session = try await sandbox.login()
    let lost = try await sandbox.refresh(session.refreshToken)
    clock.advance(by: .seconds(59))

    let retried = try await sandbox.refresh(session.refreshToken)
    #expect(retried.refreshToken == lost.refreshToken)
    #expect(retried.accessToken != lost.accessToken)
    #expect(try await sandbox.handle("GET", "/cards", as: retried).status == 200)
    // The successor is still the session's one live refresh token, and rotates as usual.
    let next = try await sandbox.refresh(retried.refreshToken)
    #expect(next.refreshToken != retried.refreshToken)
  }

  @Test func theReplyOfAReuseHasTheFullAccessTokenLifetimeAlsoWhenTheLostOneExpired() async throws {
    let sandbox = Sandbox(accessTokenLifetime: .seconds(1), clock: clock.now)
    let session = try await sandbox.login()
    let lost = try await sandbox.refresh(session.refreshToken)
    clock.advance(by: .seconds(30))
    #expect(try await sandbox.handle("GET", "/cards", as: lost).status == 401)

    let response = try await sandbox.handle(Requests.refresh(session.refreshToken))
    #expect(response.status == 200)
    #expect(try ParsedEnvelope(response).object()["expiresIn"] as? Int == 1)
    let retried = try await sandbox.refresh(session.refreshToken)
    #expect(try await sandbox.handle("GET", "/cards", as: retried).status == 200)
  }

  @Test func afterTheIntervalASpentRefreshTokenIsRefusedAsBefore() async throws {
    let sandbox = Sandbox(clock: clock.now)
    let session = try await sandbox.login()
    let lost = try await sandbox.refresh(session.refreshToken)
    clock.advance(by: Sandbox.defaultRefreshTokenReuseInterval)

    let reused = try await sandbox.handle(Requests.refresh(session.refreshToken))
    #expect(reused.status == 401)
    #expect(
      try ParsedEnvelope(reused).message
        == "the refresh token is not valid: it is unknown, used or revoked")
    #expect(try await sandbox.handle(Requests.refresh(lost.refreshToken)).status == 200)
  }

  @Test func onceItsSuccessorIsUsedASpentRefreshTokenIsRefusedWithinTheInterval() async throws {
    let sandbox = Sandbox(clock: clock.now)
    let session = try await sandbox.login()
    let second = try await sandbox.refresh(session.refreshToken)
    _ = try await sandbox.refresh(second.refreshToken)

    #expect(try await sandbox.handle(Requests.refresh(session.refreshToken)).status == 401)
    // The token spent last is still reusable: only the latest spent token is.
    #expect(try await sandbox.handle(Requests.refresh(second.refreshToken)).status == 200)
  }

  @Test func logoutRevokeRefreshAndResetEndTheReuseOfASpentRefreshToken() async throws {
    let sandbox = Sandbox(clock: clock.now)
    let loggedOut = try await sandbox.login()
    _ = try await sandbox.refresh(loggedOut.refreshToken)
    #expect(try await sandbox.handle("POST", "/auth/logout", as: loggedOut).status == 200)
    #expect(try await sandbox.handle(Requests.refresh(loggedOut.refreshToken)).status == 401)

    let revoked = try await sandbox.login()
    _ = try await sandbox.refresh(revoked.refreshToken)
    try await sandbox.revokeRefreshTokens()
    #expect(try await sandbox.handle(Requests.refresh(revoked.refreshToken)).status == 401)

    let reset = try await sandbox.login()
    _ = try await sandbox.refresh(reset.refreshToken)
    try await sandbox.reset()
    #expect(try await sandbox.handle(Requests.refresh(reset.refreshToken)).status == 401)
  }

  @Test func theIntervalIsConfigurableAndZeroMakesASpentTokenUnusableAtOnce() async throws {
    let short = Sandbox(refreshTokenReuseInterval: .seconds(5), clock: clock.now)
    let session = try await short.login()
    _ = try await short.refresh(session.refreshToken)
    clock.advance(by: .seconds(4))
    #expect(try await short.handle(Requests.refresh(session.refreshToken)).status == 200)
    clock.advance(by: .seconds(1))
    #expect(try await short.handle(Requests.refresh(session.refreshToken)).status == 401)

    let none = Sandbox(refreshTokenReuseInterval: .zero, clock: clock.now)
    let other = try await none.login()
    _ = try await none.refresh(other.refreshToken)
    #expect(try await none.handle(Requests.refresh(other.refreshToken)).status == 401)
  }

  @Test func aSandboxOnTheSameStateFileAsAnotherProcessAcceptsTheReuse() async throws {
    let directory = try TemporaryDirectory()
    let killed = try Sandbox(stateFile: directory.stateFile, clock: clock.now)
    let session = try await killed.login()
    let lost = try await killed.refresh(session.refreshToken)

    let restarted = try Sandbox(stateFile: directory.stateFile, clock: clock.now)
    let retried = try await restarted.refresh(session.refreshToken)
    #expect(retried.refreshToken == lost.refreshToken)
  }

  @Test func aStateFileWrittenBeforeTheReuseIntervalExistedIsReadWithItsSessions() async throws {
    let directory = try TemporaryDirectory()
    try Data(
      StateFileV1Fixture.text(image: SampleImages.png(), withSpentRefreshTokens: false).utf8
    ).write(to: directory.stateFile)

    let restarted = try Sandbox(stateFile: directory.stateFile)
    #expect(
      try await restarted.handle(Requests.refresh(StateFileV1Fixture.refreshToken)).status == 200)
  }

  @Test func aSpentRefreshTokenOfAJSONStateFileStaysReusableWithinItsInterval() async throws {
    let directory = try TemporaryDirectory()
    let reusableUntil = Int(clock.now().timeIntervalSince1970) + 30
    try Data(
      StateFileV1Fixture.text(image: SampleImages.png(), reusableUntil: reusableUntil).utf8
    ).write(to: directory.stateFile)

    let restarted = try Sandbox(stateFile: directory.stateFile, clock: clock.now)
    let retried = try await restarted.refresh(StateFileV1Fixture.spentRefreshToken)
    #expect(retried.refreshToken == StateFileV1Fixture.refreshToken)
  }
}
