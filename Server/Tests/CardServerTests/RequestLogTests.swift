import Testing

@testable import CardServer

@Suite("The request log line")
struct RequestLogTests {
  @Test func methodPathWithoutItsQueryStatusAndDuration() {
    let line = RequestLog.line(
      method: "GET", target: "/cards?access_token=secret", outcome: "200",
      duration: .microseconds(3240))
    #expect(line == "GET /cards 200 3.2 ms")
  }

  @Test func theDurationRoundedToTheNearestTenthOfAMillisecondHalvesUp() {
    let line = RequestLog.line(
      method: "GET", target: "/cards", outcome: "200", duration: .microseconds(3250))
    #expect(line == "GET /cards 200 3.3 ms")
    let long = RequestLog.line(
      method: "GET", target: "/cards", outcome: "200",
      duration: .milliseconds(61_000) - .nanoseconds(1))
    #expect(long == "GET /cards 200 61000.0 ms")
  }

  @Test func controlCharactersAndSpacesInAPathCannotForgeALine() {
    let line = RequestLog.line(
      method: "GET", target: "/card/x\nPOST /auth/login 200", outcome: "404", duration: .zero)
    #expect(line == "GET /card/x%0APOST%20/auth/login%20200 404 0.0 ms")
  }

  @Test func aFailuresCauseFollowsSpacesKeptControlCharactersEscaped() {
    let line = RequestLog.line(
      method: "POST", target: "/auth/login", outcome: "500", duration: .zero,
      detail: "the file /srv/a b/state.json\ncannot be read")
    #expect(line == "POST /auth/login 500 0.0 ms: the file /srv/a b/state.json%0Acannot be read")
  }
}
