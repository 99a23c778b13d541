import CardDataTesting
import CardPrimitives
import CardSandbox
import CardTestingPrimitives
import Foundation
import Testing

/// The contract's login rate limit: after 5 failed logins for one `userId` within 60 s, that
/// user's logins answer `429` with `Retry-After` until the oldest of those five is 60 s old,
/// even with the right password. The sandbox's clock is a fake one: nothing sleeps.
@Suite("Login rate limit")
struct LoginRateLimitTests {
  let clock = FakeWallClock()

  /// Sends `count` logins for `userId` with a wrong password, `spacing` apart, and expects
  /// each to be refused as wrong credentials.
  private func fail(
    _ sandbox: Sandbox, _ userId: String = "demo", count: Int = 5,
    spacing: Duration = .zero, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for attempt in 1...count {
      if attempt > 1 { clock.advance(by: spacing) }
      let response = try await sandbox.handle(Requests.login(userId, "wrong"))
      #expect(response.status == 401, "failure \(attempt)", sourceLocation: sourceLocation)
    }
  }

  @Test func theSixthLoginAfterFiveFailuresAnswers429WithRetryAfterEvenTheRightOne() async throws {
    let sandbox = Sandbox(clock: clock.now)
    try await fail(sandbox)

    for password in ["demo", "wrong"] {
      let response = try await sandbox.handle(Requests.login("demo", password))
      #expect(response.status == 429)
      #expect(response.headers["Retry-After"] == "60")
      #expect(
        try ParsedEnvelope(response).message
          == "too many failed logins for this user id within 60 s")
    }
  }

  @Test func fourFailuresLeaveTheRightPasswordWorking() async throws {
    let sandbox = Sandbox(clock: clock.now)
    try await fail(sandbox, count: 4)
    #expect(try await sandbox.handle(Requests.login()).status == 200)
  }

  @Test func retryAfterCountsDownToTheMomentTheOldestOfTheFiveFailuresIs60SOld() async throws {
    let sandbox = Sandbox(clock: clock.now)
    let start = clock.now()
    try await fail(sandbox, spacing: .seconds(10))  // the failures at 0, 10, 20, 30 and 40 s
    clock.set(start + 40.5)  // 19.5 s left, rounded up
    #expect(try await sandbox.handle(Requests.login()).headers["Retry-After"] == "20")
    clock.set(start + 59.999)
    let last = try await sandbox.handle(Requests.login())
    #expect(last.status == 429)
    #expect(last.headers["Retry-After"] == "1")
    clock.set(start + 60)  // the first failure is 60 s old: the window has passed
    #expect(try await sandbox.handle(Requests.login()).status == 200)
  }

  @Test func refusedAttemptsDoNotLengthenTheLock() async throws {
    let sandbox = Sandbox(clock: clock.now)
    try await fail(sandbox)
    for _ in 1...10 {
      clock.advance(by: .seconds(5))
      #expect(try await sandbox.handle(Requests.login("demo", "wrong")).status == 429)
    }
    clock.advance(by: .seconds(10))
    #expect(try await sandbox.handle(Requests.login()).status == 200)
  }

  @Test func theWindowSlidesFiveFailuresSpreadOverMoreThan60SLockNobody() async throws {
    let sandbox = Sandbox(clock: clock.now)
    try await fail(sandbox, count: 4, spacing: .seconds(20))  // at 0, 20, 40 and 60 s
    clock.advance(by: .seconds(1))
    // At 61 s the failure at 0 s has left the window: this is the fourth within it.
    #expect(try await sandbox.handle(Requests.login("demo", "wrong")).status == 401)
    #expect(try await sandbox.handle(Requests.login()).status == 200)
  }

  @Test func aFifthFailureWithinTheWindowLocksWheneverTheFirstFourWere() async throws {
    let sandbox = Sandbox(clock: clock.now)
    try await fail(sandbox, count: 4, spacing: .seconds(20))  // at 0, 20, 40 and 60 s
    clock.advance(by: .seconds(1))
    try await fail(sandbox, count: 1)  // at 61 s: 20, 40, 60 and 61 are four
    try await fail(sandbox, count: 1)  // the fifth within 60 s of the one at 20 s
    let response = try await sandbox.handle(Requests.login())
    #expect(response.status == 429)
    #expect(response.headers["Retry-After"] == "19")  // until 80 s
  }

  @Test func aSuccessfulLoginClearsTheFailuresBeforeIt() async throws {
    let sandbox = Sandbox(clock: clock.now)
    try await fail(sandbox, count: 4)
    #expect(try await sandbox.handle(Requests.login()).status == 200)
    try await fail(sandbox, count: 4)
    #expect(try await sandbox.handle(Requests.login()).status == 200)
  }

  @Test func anotherUserIsNotAffectedAndUnknownUserIdsAreNeverLocked() async throws {
    let sandbox = Sandbox(clock: clock.now)
    try await fail(sandbox, "demo")
    #expect(try await sandbox.handle(Requests.login("guest", "guest")).status == 200)
    try await fail(sandbox, "nobody", count: 20)
    #expect(try await sandbox.handle(Requests.login("nobody", "demo")).status == 401)
    // User ids are compared exactly, as the login does: DEMO is an unknown user.
    #expect(try await sandbox.handle(Requests.login("DEMO", "demo")).status == 401)
  }

  @Test func aMalformedLoginBodyIsNotAFailedLogin() async throws {
    let sandbox = Sandbox(clock: clock.now)
    for _ in 1...10 {
      let response = try await sandbox.handle(
        Requests.json("POST", "/auth/login", #"{"userId": "demo", "password": ""}"#))
      #expect(response.status == 400)
    }
    #expect(try await sandbox.handle(Requests.login()).status == 200)
  }

  @Test func resetClearsTheLock() async throws {
    let sandbox = Sandbox(clock: clock.now)
    try await fail(sandbox)
    #expect(try await sandbox.handle(Requests.login()).status == 429)
    try await sandbox.reset()
    #expect(try await sandbox.handle(Requests.login()).status == 200)
  }

  @Test func aClockSetBackForgetsTheFailuresInsteadOfLockingForLongerThanTheWindow() async throws {
    let sandbox = Sandbox(clock: clock.now)
    try await fail(sandbox)
    clock.advance(by: .seconds(-3600))
    #expect(try await sandbox.handle(Requests.login()).status == 200)
  }

  @Test func theLockIsKeptInMemoryPerSandboxAnotherSandboxOnTheSameStateFileIsNotLocked()
    async throws
  {
    let directory = try TemporaryDirectory()
    let stateFile = directory.url.appendingPathComponent("state.json")
    let first = try Sandbox(stateFile: stateFile, clock: clock.now)
    let second = try Sandbox(stateFile: stateFile, clock: clock.now)
    try await fail(first)
    #expect(try await first.handle(Requests.login()).status == 429)
    #expect(try await second.handle(Requests.login()).status == 200)
  }
}
