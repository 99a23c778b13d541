import CardPrimitives
import CardSandbox
import Foundation
import Testing

/// A JSON body that names a key twice in one object is refused: the decoder keeps one value
/// and a proxy may keep the other, and they must never disagree about who is signing in.
@Suite("Repeated JSON keys in request bodies")
struct RepeatedKeyTests {
  @Test(arguments: [
    (#"{"userId":"guest","password":"guest","userId":"demo"}"#, "userId"),
    (#"{"userId":"demo","password":"wrong","password":"demo"}"#, "password"),
    (#"{"userId":"guest","password":"guest","user\u0049d":"demo"}"#, "userId"),
    (#"{"userId":"guest","password":"guest","extra":{"a":1,"a":2}}"#, "a"),
  ])
  func aLoginThatNamesAKeyTwiceAnswers400NamingTheKeyAndSignsNoOneIn(body: String, key: String)
    async throws
  {
    let sandbox = Sandbox()
    let response = try await sandbox.handle(Requests.json("POST", "/auth/login", body))
    #expect(response.status == 400)
    #expect(
      try ParsedEnvelope(response).message == "the key \(key) appears more than once in one object")
  }

  @Test func aRefreshAndAReorderThatNameAKeyTwiceAnswer400AndChangeNothing() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let refresh = try await sandbox.handle(
      Requests.json(
        "POST", "/auth/refresh",
        #"{"refreshToken": "\#(session.refreshToken)", "refreshToken": "rt_other"}"#))
    #expect(refresh.status == 400)
    #expect(
      try ParsedEnvelope(refresh).message
        == "the key refreshToken appears more than once in one object")

    let reorder = try await sandbox.handle(
      Requests.json(
        "PUT", "/cards", #"{"cardIds": ["c2", "c1"], "cardIds": ["c1", "c2"]}"#,
        token: session.accessToken))
    #expect(reorder.status == 400)
    #expect(
      try ParsedEnvelope(reorder).message == "the key cardIds appears more than once in one object")
  }

  @Test func theSameKeyInDifferentObjectsAndRepeatedValuesAreAccepted() async throws {
    let sandbox = Sandbox()
    let body =
      #"{"userId": "demo", "password": "demo", "note": {"userId": "x"}, "more": ["userId", "userId"]}"#
    #expect(try await sandbox.handle(Requests.json("POST", "/auth/login", body)).status == 200)
  }
}
