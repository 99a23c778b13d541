import CardData
import CardDomain
import Foundation
import Testing

/// A 2xx reply whose JSON names a key twice in one object breaks the contract: the decoder
/// would keep one value silently, where another reader may keep the other.
@Suite("A reply that names a key twice")
struct RepeatedKeyReplyTests {
  private func reply(_ body: String) -> HTTPResponse {
    HTTPResponse(status: 200, body: Data(body.utf8))
  }

  @Test(arguments: [
    (
      #"{"status": 200, "success": true, "message": "ok", "data": {"accessToken": "a", "refreshToken": "r", "expiresIn": 60, "accessToken": "b"}}"#,
      "accessToken"
    ),
    (
      #"{"status": 200, "success": true, "message": "ok", "data": null, "success": false}"#,
      "success"
    ),
    (
      #"{"status": 200, "success": true, "message": "ok", "data": {"accessToken": "a", "refreshToken": "r", "expiresIn": 60}, "data": null}"#,
      "data"
    ),
  ])
  func aSuccessThatNamesAKeyTwiceIsAPathErr(body: String, key: String) {
    let result = judgeStatus(of: reply(body), type: TokenDTO?.self, refusingRepeatedKeys: true)
    #expect(
      result == .pathErr(reason: "status 200: the key \(key) appears more than once in one object"))
  }

  @Test func theReasonNeverQuotesAValue() {
    let body =
      #"{"status": 200, "success": true, "message": "ok", "data": {"accessToken": "at_secret", "refreshToken": "r", "expiresIn": 60, "accessToken": "at_other"}}"#
    guard
      case .pathErr(let reason) = judgeStatus(
        of: reply(body), type: TokenDTO.self, refusingRepeatedKeys: true)
    else {
      Issue.record("a repeated key was accepted")
      return
    }
    #expect(!reason.contains("at_"))
  }

  @Test func theSameKeyInDifferentCardsIsFine() {
    let body = WireFixtures.envelope(
      data: "[\(WireFixtures.fullCardJSON), \(WireFixtures.fullCardJSON)]")
    #expect(
      judgeStatus(
        of: HTTPResponse(status: 200, body: body), type: [CardDTO].self, refusingRepeatedKeys: true)
        == .success([WireFixtures.fullCard, WireFixtures.fullCard]))
  }
}
