import CardData
import CardDomain
import Foundation
import Testing

/// The 4xx, 5xx, unexpected-status and transport rows of the judge. The status decides
/// before the body is looked at.
@Suite("judgeStatus: the failure rows")
struct JudgeStatusFailureTests {
  static let clientErrors = [400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 499]

  @Test(arguments: clientErrors)
  func clientErrorKeepsTheEnvelopesMessageAndStatus(status: Int) {
    let body = WireFixtures.envelope(status: status, success: false, message: "refused \(status)")
    let result = judgeStatus(by: status, data: body, type: CardDTO.self)
    #expect(result == .requestErr(message: "refused \(status)", status: status))
  }

  @Test(arguments: [
    (400, "bad request"), (401, "unauthorized"), (403, "forbidden"), (404, "not found"),
    (405, "method not allowed"), (409, "conflict"), (413, "content too large"),
    (415, "unsupported media type"), (422, "unprocessable content"),
    (429, "too many requests"), (418, "HTTP 418"), (499, "HTTP 499"),
  ])
  func clientErrorWithoutAnEnvelopeUsesTheReasonPhrase(status: Int, phrase: String) {
    let bodies = ["", "<html><body>Not Found</body></html>", "{\"error\": \"nope\"}", "[]"]
    for body in bodies {
      let result = judgeStatus(by: status, data: Data(body.utf8), type: CardDTO.self)
      #expect(result == .requestErr(message: phrase, status: status), "body: \(body)")
    }
  }

  @Test func clientErrorWithABlankMessageUsesTheReasonPhrase() {
    for message in ["", "   "] {
      let body = WireFixtures.envelope(status: 404, success: false, message: message)
      let result = judgeStatus(by: 404, data: body, type: CardDTO.self)
      #expect(result == .requestErr(message: "not found", status: 404))
    }
  }

  @Test func clientErrorIgnoresTheEnvelopesData() {
    let body = WireFixtures.envelope(
      status: 400, success: false, message: "unknown id c9", data: "[\"c9\"]")
    let result = judgeStatus(by: 400, data: body, type: NoPayload.self)
    #expect(result == .requestErr(message: "unknown id c9", status: 400))
  }

  @Test(arguments: [500, 502, 503, 504, 599])
  func serverErrorWithAnHTMLPageHasNoMessage(status: Int) {
    let body = Data("<html><head><title>\(status) Bad Gateway</title></head></html>".utf8)
    let result = judgeStatus(by: status, data: body, type: CardDTO.self)
    #expect(result == .serverErr(status: status, message: nil))
  }

  @Test(arguments: [500, 502, 503])
  func serverErrorKeepsTheEnvelopesMessage(status: Int) {
    let body = WireFixtures.envelope(status: status, success: false, message: "fault injected")
    let result = judgeStatus(by: status, data: body, type: [CardDTO].self)
    #expect(result == .serverErr(status: status, message: "fault injected"))
  }

  @Test func serverErrorWithAnEmptyBodyHasNoMessage() {
    let result = judgeStatus(by: 503, data: Data(), type: NoPayload.self)
    #expect(result == .serverErr(status: 503, message: nil))
  }

  @Test(arguments: [100, 101, 199, 300, 301, 302, 304, 399, 600, 999, 0, -1])
  func unexpectedStatusIsAContractMismatchWhateverTheBody(status: Int) {
    let bodies = [WireFixtures.envelope(data: WireFixtures.fullCardJSON), Data()]
    for body in bodies {
      let result = judgeStatus(by: status, data: body, type: CardDTO.self)
      #expect(result == .pathErr(reason: "unexpected status \(status)"))
    }
  }

  @Test(arguments: [
    TransportError(.cannotConnect, "could not connect to localhost:8080"),
    TransportError(.dnsFailure, "cannot resolve card.example"),
    TransportError(.timedOut, "no response within 30 s"),
    TransportError(.connectionLost, "the connection was reset"),
    TransportError(.tlsFailure, "certificate has expired"),
    TransportError.cancelled,
    TransportError(.invalidRequest, "image file is unreadable"),
    TransportError(.other, "something else"),
  ])
  func transportErrorIsANetworkFailureWithItsMessage(error: TransportError) {
    #expect(CardError(noResponse: error) == .networkFail(reason: error.message))
  }

  @Test func transportErrorWithoutAMessageIsNamedByItsKind() {
    #expect(
      CardError(noResponse: TransportError(.timedOut, "")) == .networkFail(reason: "timedOut"))
  }

  /// A reply arrived but was too large to read: it breaks the contract, and is no network
  /// failure to retry.
  @Test func aReplyTooLargeIsAPathError() {
    let error = TransportError(
      .replyRefused, "the reply from api.example.test is larger than 16 MiB")
    #expect(CardError(noResponse: error) == .pathErr(reason: error.message))
    #expect(!error.isTransient)
  }
}
