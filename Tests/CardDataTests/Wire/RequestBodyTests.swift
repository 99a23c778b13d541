import CardData
import CardDomain
import Foundation
import Testing

/// The JSON request bodies encode to exactly the contract's field names, and the bodies
/// that carry a secret never print it.
@Suite("Request bodies")
struct RequestBodyTests {
  @Test func loginBodyHasUserIdAndPassword() throws {
    let body = LoginRequestDTO(userID: try UserID(" demo "), password: try Password("pa55 word"))
    #expect(try WireFixtures.sortedJSON(body) == #"{"password":"pa55 word","userId":"demo"}"#)
  }

  @Test func refreshBodyHasRefreshToken() throws {
    let body = RefreshRequestDTO(refreshToken: "sample-refresh-token")
    #expect(try WireFixtures.sortedJSON(body) == #"{"refreshToken":"sample-refresh-token"}"#)
  }

  @Test func cardListEditBodyHasCardIdsInOrder() throws {
    let body = CardListEditRequestDTO(order: [try CardID("c2"), try CardID("a/b c")])
    #expect(try WireFixtures.sortedJSON(body) == #"{"cardIds":["c2","a/b c"]}"#)
  }

  @Test func secretsNeverPrint() throws {
    let login = LoginRequestDTO(userID: try UserID("demo"), password: try Password("hunter2"))
    let refresh = RefreshRequestDTO(refreshToken: "sample-refresh-token")
    let values: [any Sendable] = [login, refresh]
    for value in values {
      var dumped = ""
      dump(value, to: &dumped)
      for text in [String(describing: value), String(reflecting: value), dumped] {
        #expect(!text.contains("hunter2"))
        #expect(!text.contains("sample-refresh-token"))
      }
    }
    #expect(String(describing: login) == "LoginRequestDTO(userId: demo, password: <redacted>)")
  }

  @Test func noPayloadDecodesFromNull() throws {
    #expect(try JSONDecoder().decode(NoPayload.self, from: Data("null".utf8)) == NoPayload())
  }

  @Test(arguments: ["{}", "[]", "0", "\"\"", "false"])
  func noPayloadDecodesFromNothingButNull(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(NoPayload.self, from: Data(json.utf8))
    }
  }
}
