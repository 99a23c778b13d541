import CardPrimitives
import CardSandbox
import CardSandboxTransport
import CardTestingPrimitives
import Foundation
import Testing

@Suite("Fault injection")
struct FaultInjectionTests {
  @Test func failNextAnswersTheStatusForTheNextNRequestsThenNormally() async throws {
    let sandbox = Sandbox()
    try await sandbox.failNext(status: 500, count: 2)
    #expect(await sandbox.faults.failuresRemaining == 2)
    #expect(await sandbox.faults.description == "next 2 requests answer 500")
    for _ in 0..<2 {
      let response = try await sandbox.handle(Requests.login())
      #expect(response.status == 500)
      let envelope = try ParsedEnvelope(response)
      #expect(envelope.message == "injected fault: 500 Internal Server Error")
    }
    #expect(await sandbox.faults == .none)
    #expect(try await sandbox.handle(Requests.login()).status == 200)
  }

  @Test func malformNextAnswers200WithAReplyThatBreaksTheContractChangingNothing() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    try await sandbox.malformNext(.envelope)
    #expect(await sandbox.faults.description == "next reply malformed (envelope)")
    let delete = Requests.plain("DELETE", "/card/c1", token: session.accessToken)
    let notEnvelope = try await sandbox.handle(delete)
    #expect(notEnvelope.status == 200)
    let object = try JSONSerialization.jsonObject(with: notEnvelope.body) as? [String: Any]
    #expect(object?["status"] == nil && object?["data"] == nil)
    try await sandbox.malformNext(.data, count: 2)
    for _ in 0..<2 {
      let response = try await sandbox.handle("GET", "/card/c1", as: session)
      #expect(response.status == 200)
      let wrongData = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
      #expect(wrongData?["data"] as? String == "not a card")
    }
    #expect(await sandbox.faults == .none)
    #expect(try await sandbox.handle("GET", "/card/c1", as: session).status == 200)
    await #expect(throws: SandboxFaultError.negativeCount(-1)) {
      try await sandbox.malformNext(.data, count: -1)
    }
  }

  @Test func anInjectedFailureChangesNoState() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    try await sandbox.failNext(status: 500)
    let delete = Requests.plain("DELETE", "/card/c1", token: session.accessToken)
    #expect(try await sandbox.handle(delete).status == 500)
    #expect(
      try await sandbox.handle("GET", "/card/c1", as: session).status
        == 200)
  }

  @Test(arguments: [502, 503, 504])
  func statuses502503And504AnswerAnHTMLPageAsAProxyWould(status: Int) async throws {
    let sandbox = Sandbox()
    try await sandbox.failNext(status: status)
    let response = try await sandbox.handle(Requests.plain("GET", "/cards"))
    #expect(response.status == status)
    #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
    #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("<html>"))
    #expect((try? JSONSerialization.jsonObject(with: response.body)) == nil)
  }

  @Test func anInjected401CarriesTheBearerChallengeAsEvery401MustRFC91101161() async throws {
    let sandbox = Sandbox()
    try await sandbox.failNext(status: 401)
    let response = try await sandbox.handle(Requests.login())
    #expect(response.status == 401)
    let challenge = try #require(response.headers["WWW-Authenticate"])
    #expect(challenge.hasPrefix("Bearer"))
  }

  @Test func aCountOf0ClearsTheQueueBadArgumentsAreRefused() async throws {
    let sandbox = Sandbox()
    try await sandbox.failNext(status: 503, count: 3)
    try await sandbox.failNext(status: 503, count: 0)
    #expect(await sandbox.faults == .none)
    await #expect(throws: SandboxFaultError.statusNotAnError(200)) {
      try await sandbox.failNext(status: 200)
    }
    await #expect(throws: SandboxFaultError.negativeCount(-1)) {
      try await sandbox.failNext(status: 500, count: -1)
    }
    await #expect(throws: SandboxFaultError.negativeLatency(.milliseconds(-1))) {
      try await sandbox.setLatency(.milliseconds(-1))
    }
  }

  @Test func aLatencyOverTheREPLsTenMinutesIsRefusedTenMinutesIsAccepted() async throws {
    let sandbox = Sandbox()
    try await sandbox.setLatency(.milliseconds(600_000))
    #expect(await sandbox.faults.latencyMilliseconds == 600_000)
    await #expect(throws: SandboxFaultError.latencyTooLong(.milliseconds(600_001))) {
      try await sandbox.setLatency(.milliseconds(600_001))
    }
    await #expect(throws: SandboxFaultError.latencyTooLong(.milliseconds(Int.max))) {
      try await sandbox.setLatency(.milliseconds(Int.max))
    }
    #expect(await sandbox.faults.latencyMilliseconds == 600_000)
  }

  @Test func aLatencyInMillisecondsIsRoundedDownAndClampedNeverATrap() {
    var faults = SandboxFaults.none
    for (latency, milliseconds) in [
      (Duration.zero, 0), (.microseconds(1_500), 1), (.seconds(2), 2000),
      (.milliseconds(Int.max), Int.max), (.seconds(Int64.max), Int.max),
      (.seconds(Int64.min), Int.min),
    ] {
      faults.latency = latency
      #expect(faults.latencyMilliseconds == milliseconds, "\(latency)")
    }
  }

  @Test func offlineRequestsThrowOfflineBackOnlineTheyAreAnswered() async throws {
    let sandbox = Sandbox()
    await sandbox.setOffline(true)
    #expect(await sandbox.faults.description == "offline")
    await #expect(throws: SandboxTransportError.offline) {
      try await sandbox.handle(Requests.login())
    }
    await sandbox.setOffline(false)
    #expect(try await sandbox.handle(Requests.login()).status == 200)
  }

  @Test func latencyHoldsTheAnswerUntilItIsWaitedOutWithoutLatencyNothingWaits() async throws {
    let latency = ControlledLatency()
    let sandbox = Sandbox(sleep: latency.hold)
    #expect(try await sandbox.handle(Requests.login()).status == 200)
    #expect(latency.durations.isEmpty)

    try await sandbox.setLatency(.milliseconds(100))
    #expect(await sandbox.faults.latency == .milliseconds(100))
    let request = Task { try await sandbox.handle(Requests.login()) }
    try await latency.entered.wait(forAtLeast: 1)
    #expect(latency.durations == [.milliseconds(100)])
    latency.release.open()
    #expect(try await request.value.status == 200)
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingARequestDuringItsLatencyThrowsCancelledAtOnce() async throws {
    // Never released: only the cancellation can end this latency.
    let latency = ControlledLatency()
    let sandbox = Sandbox(sleep: latency.hold)
    try await sandbox.setLatency(.seconds(30))
    let request = Task { try await sandbox.handle(Requests.login()) }
    try await latency.entered.wait(forAtLeast: 1)
    request.cancel()
    await #expect(throws: SandboxTransportError.cancelled) { try await request.value }
  }

  @Test(.timeLimit(.minutes(1)))
  func goingOfflineDuringTheLatencyFailsTheWaitingRequest() async throws {
    let latency = ControlledLatency()
    let sandbox = Sandbox(sleep: latency.hold)
    try await sandbox.setLatency(.milliseconds(200))
    let request = Task { try await sandbox.handle(Requests.login()) }
    try await latency.entered.wait(forAtLeast: 1)
    await sandbox.setOffline(true)
    latency.release.open()
    await #expect(throws: SandboxTransportError.offline) { try await request.value }
  }

  @Test func expireAccessTokensMakesTheCurrentAccessTokensAnswer401RefreshStillWorks() async throws
  {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    try await sandbox.expireAccessTokens()
    let response = try await sandbox.handle("GET", "/cards", as: session)
    #expect(response.status == 401)
    #expect(try ParsedEnvelope(response).message.contains("expired"))
    let token = try ParsedEnvelope(try await sandbox.handle(Requests.refresh(session.refreshToken)))
      .object()
    let newAccess = try #require(token["accessToken"] as? String)
    #expect(
      try await sandbox.handle(Requests.plain("GET", "/cards", token: newAccess)).status == 200)
  }

  @Test func revokeRefreshTokensMakesRefreshAnswer401AccessTokensLiveOn() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    try await sandbox.revokeRefreshTokens()
    #expect(try await sandbox.handle(Requests.refresh(session.refreshToken)).status == 401)
    #expect(
      try await sandbox.handle("GET", "/cards", as: session).status
        == 200)
  }

  @Test func theFaultsSnapshotDescribesEveryActiveFaultClearFaultsRemovesThem() async throws {
    let sandbox = Sandbox()
    #expect(await sandbox.faults.description == "none")
    await sandbox.setOffline(true)
    try await sandbox.setLatency(.milliseconds(250))
    try await sandbox.failNext(status: 503)
    let faults = await sandbox.faults
    #expect(faults.isOffline && faults.latency == .milliseconds(250))
    #expect(faults.failureStatus == 503 && faults.failuresRemaining == 1)
    #expect(faults.description == "offline, latency 0.25 seconds, next request answers 503")
    await sandbox.clearFaults()
    #expect(await sandbox.faults == .none)
  }

  @Test func resetRestoresTheSeedCardsEndsEverySessionAndClearsTheFaults() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    #expect(
      try await sandbox.handle("DELETE", "/card/c1", as: session)
        .status == 200)
    #expect(
      try await sandbox.handle(Requests.create(.minimal(), token: session.accessToken)).status
        == 201)
    try await sandbox.setLatency(.milliseconds(1))
    try await sandbox.reset()
    #expect(await sandbox.faults == .none)
    #expect(
      try await sandbox.handle("GET", "/cards", as: session).status
        == 401)
    let again = try await sandbox.login()
    #expect(try await sandbox.cardIds(token: again.accessToken) == ["c1", "c2"])
    let card = try ParsedEnvelope(
      try await sandbox.handle(Requests.create(.minimal(), token: again.accessToken))
    ).object()
    #expect(card["cardId"] as? String == "c5", "c4 was given out before the reset")
  }
}
