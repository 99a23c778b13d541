import CardData
import CardDomain
import Foundation
import Testing

@Suite("Redactor")
struct RedactorTests {
  private let redactor = Redactor()

  private func redact(_ json: String) -> String { redactor.redact(body: Data(json.utf8)) }

  @Test func sensitiveFieldsAreHiddenWhereverTheyAreNestedOtherFieldsAreKept() {
    let body = #"""
      {"message":"ok","data":{"user":{"id":"demo","password":"p@ss"},
       "session":{"accessToken":"a.b.c","refreshToken":"r-1","expiresIn":3600}}}
      """#
    #expect(
      redact(body)
        == #"{"data":{"session":{"accessToken":"<redacted>","expiresIn":3600,"#
        + #""refreshToken":"<redacted>"},"user":{"id":"demo","password":"<redacted>"}},"#
        + #""message":"ok"}"#)
  }

  @Test func aSensitiveFieldsWholeValueIsHiddenEvenAnObjectOrArray() {
    #expect(
      redact(#"{"password":{"old":"a","new":"b"},"refreshToken":["x","y"],"n":null}"#)
        == #"{"n":null,"password":"<redacted>","refreshToken":"<redacted>"}"#)
  }

  @Test func objectsInsideArraysAreRedactedTopLevelArraysToo() {
    #expect(
      redact(#"[{"accessToken":"a","id":1},{"list":[{"password":"p"}]},"plain",2]"#)
        == #"[{"accessToken":"<redacted>","id":1},{"list":[{"password":"<redacted>"}]},"plain",2]"#
    )
  }

  @Test func fieldNamesMatchInAnyCase() {
    #expect(
      redact(#"{"AccessToken":"a","PASSWORD":"p","refreshtoken":"r","userId":"u"}"#)
        == #"{"AccessToken":"<redacted>","PASSWORD":"<redacted>","refreshtoken":"<redacted>","#
        + #""userId":"u"}"#)
  }

  @Test func customFieldNamesAreMatchedInAnyCase() {
    let redactor = Redactor(sensitiveFields: ["SessionID"])
    #expect(
      redactor.redact(body: Data(#"{"sessionId":"s","password":"p"}"#.utf8))
        == #"{"password":"p","sessionId":"<redacted>"}"#)
    #expect(redactor.sensitiveFields == ["sessionid"])
  }

  @Test(arguments: [
    (
      "userId=demo&password=hunter2&accessToken=abc.def",
      "userId=demo&password=<redacted>&accessToken=<redacted>"
    ),
    ("PASSWORD=hunter2;next=1", "PASSWORD=<redacted>;next=1"),
    ("password: hunter2, other: 1", "password: <redacted>, other: 1"),
    (#"{"refreshToken": "abc", "x": 1"#, #"{"refreshToken": "<redacted>", "x": 1"#),
    ("no secrets here", "no secrets here"),
  ])
  func formEncodedAndOtherTextIsRedactedByPattern(text: String, expected: String) {
    #expect(redactor.redact(body: Data(text.utf8)) == expected)
    #expect(redactor.redact(text: text) == expected)
  }

  @Test(arguments: [
    (
      #"{"password": "correct horse battery staple", "x": 1"#,
      #"{"password": "<redacted>", "x": 1"#
    ),
    (#"{"password":"say \"hi\" now","x":1"#, #"{"password":"<redacted>","x":1"#),
    (#"{"accessToken":"abc, def; ghi}"#, #"{"accessToken":"<redacted>"#),
    (#"{"refreshToken": "", "x": "y""#, #"{"refreshToken": "<redacted>", "x": "y""#),
  ])
  func aQuotedValueIsHiddenUpToItsClosingQuoteSpacesAndEscapedQuotesIncluded(
    text: String, expected: String
  ) {
    let redacted = redactor.redact(body: Data(text.utf8))
    #expect(redacted == expected)
    #expect(!redacted.contains("horse") && !redacted.contains("hi") && !redacted.contains("def"))
  }

  @Test(arguments: [
    ("Bearer eyJ.abc.def", "Bearer <redacted>"),
    ("bearer x", "bearer <redacted>"),
    ("Basic ZGVtbzpwdw==", "Basic <redacted>"),
    ("Digest username=\"demo\", response=\"abc\"", "<redacted>"),
    ("raw-token-without-scheme", "<redacted>"),
    ("Bearer", "<redacted>"),
  ])
  func authorizationKeepsItsSchemeForBearerAndBasicAndHidesEverythingElse(
    value: String, expected: String
  ) {
    #expect(redactor.redact(headerValue: value, name: "Authorization") == expected)
  }

  @Test(arguments: [
    "authorization", "AUTHORIZATION", "Proxy-Authorization", "cookie", "Set-Cookie",
  ])
  func sensitiveHeaderNamesMatchInAnyCase(name: String) {
    #expect(redactor.redact(headerValue: "session=abc", name: name) == "<redacted>")
  }

  @Test func otherHeadersAreShownAsTheyAreCustomSensitiveHeadersAreHidden() {
    #expect(
      redactor.redact(headerValue: "application/json", name: "Content-Type") == "application/json")
    let custom = Redactor(sensitiveHeaders: ["X-Api-Key"])
    #expect(custom.redact(headerValue: "k-123", name: "x-api-key") == "<redacted>")
    #expect(custom.redact(headerValue: "Bearer t", name: "Authorization") == "Bearer t")
  }

  @Test func binaryBodiesAreSummarisedBySizeEmptyBodiesAreEmpty() {
    #expect(
      redactor.redact(body: Data([0xFF, 0xD8, 0x00, 0x80, 0xFE])) == "<5 bytes of binary data>")
    #expect(redactor.redact(body: Data()) == "")
  }
}

@Suite("Redactor: URLs and multi-word values")
struct RedactorURLTests {
  @Test func hidesSensitiveQueryValuesOnly() throws {
    let url = try #require(
      URL(string: "https://api.example.com/cards?page=2&token=abc123&Access_Token=x%20y"))
    let redacted = Redactor().redact(url: url)
    #expect(
      redacted == "https://api.example.com/cards?page=2&token=<redacted>&Access_Token=<redacted>")
  }

  @Test func hidesAPasswordInTheURL() throws {
    let url = try #require(URL(string: "https://demo:s3cret@api.example.com/cards"))
    #expect(Redactor().redact(url: url) == "https://demo:<redacted>@api.example.com/cards")
  }

  @Test func leavesURLsWithoutQueriesAlone() throws {
    let url = try #require(URL(string: "https://api.example.com/card/c1"))
    #expect(Redactor().redact(url: url) == url.absoluteString)
  }

  @Test func hidesEveryWordOfAnUnquotedValue() {
    let text = "userId: demo\npassword: correct horse battery\nnext: line"
    let redacted = Redactor().redact(text: text)
    #expect(redacted == "userId: demo\npassword: <redacted>\nnext: line")
  }

  @Test func hidesOAuthSpellings() {
    let body = Data(#"{"access_token":"a1","refresh_token":"r1","token_type":"Bearer"}"#.utf8)
    let redacted = Redactor().redact(body: body)
    #expect(!redacted.contains("a1") && !redacted.contains("r1"))
    #expect(redacted.contains("Bearer"))
  }
}
