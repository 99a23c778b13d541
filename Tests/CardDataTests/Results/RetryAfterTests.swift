import CardData
import CardDomain
import Foundation
import Testing

/// A `429` says how long to wait in `Retry-After`; the judge puts the wait into the
/// `requestErr` message, and the request is not sent again by itself.
@Suite("Retry-After")
struct RetryAfterTests {
  private static func tooMany(retryAfter: String?) -> HTTPResponse {
    var headers: HTTPHeaders = ["Content-Type": "application/json; charset=utf-8"]
    if let retryAfter { headers["Retry-After"] = retryAfter }
    let body = WireFixtures.envelope(
      status: 429, success: false, message: "too many failed logins for this user id within 60 s")
    return HTTPResponse(status: 429, headers: headers, body: body)
  }

  @Test(arguments: [("42", "42"), (" 7 ", "7"), ("0", "0"), ("60", "60")])
  func aTooManyRequestsReplySaysHowLongToWait(header: String, seconds: String) {
    let result = judgeStatus(of: Self.tooMany(retryAfter: header), type: TokenDTO.self)
    let message = "too many failed logins for this user id within 60 s; try again in \(seconds) s"
    #expect(result == .requestErr(message: message, status: 429))
  }

  @Test(arguments: [
    nil, "", "soon", "-5", "1.5", "Wed, 21 Oct 2026 07:28:00 GMT", "99999999999999999999",
  ])
  func withoutAWaitInSecondsTheMessageIsTheServers(header: String?) {
    let result = judgeStatus(of: Self.tooMany(retryAfter: header), type: TokenDTO.self)
    #expect(
      result
        == .requestErr(message: "too many failed logins for this user id within 60 s", status: 429))
  }

  @Test func aTooManyRequestsReplyWithoutAnEnvelopeUsesTheReasonPhrase() {
    let reply = HTTPResponse(status: 429, headers: ["Retry-After": "42"], body: Data())
    let result = judgeStatus(of: reply, type: TokenDTO.self)
    #expect(result == .requestErr(message: "too many requests; try again in 42 s", status: 429))
  }

  @Test(arguments: [400, 401, 404])
  func otherClientErrorsIgnoreRetryAfter(status: Int) {
    let reply = HTTPResponse(
      status: status, headers: ["Retry-After": "42"],
      body: WireFixtures.envelope(status: status, success: false, message: "refused"))
    #expect(
      judgeStatus(of: reply, type: TokenDTO.self) == .requestErr(message: "refused", status: status)
    )
  }

  @Test func theWholeReplyIsJudgedLikeItsStatusAndBody() {
    let reply = HTTPResponse(
      status: 200,
      body: WireFixtures.envelope(
        data: #"{"accessToken": "a", "refreshToken": "r", "expiresIn": 60}"#))
    #expect(
      judgeStatus(of: reply, type: TokenDTO.self)
        == judgeStatus(by: 200, data: reply.body, type: TokenDTO.self))
  }
}
