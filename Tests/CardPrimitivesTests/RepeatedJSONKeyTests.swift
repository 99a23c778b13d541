import CardPrimitives
import Foundation
import Testing

@Suite("Repeated JSON keys")
struct RepeatedJSONKeyTests {
  private func problem(_ json: String) -> RepeatedJSONKey.Problem? {
    do {
      try RepeatedJSONKey.check(Data(json.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    #"{"userId":"guest","password":"guest","userId":"demo"}"#,
    #"{"userId":"guest","password":"guest","user\u0049d":"demo"}"#,
    #"{"userId":"guest", "password":"guest" , "userId" : 7}"#,
    #"{"data": {"cards": [{"name": "a"}, {"userId": "x", "userId": "y"}]}}"#,
  ])
  func aKeyNamedTwiceInOneObjectIsFound(json: String) {
    #expect(problem(json) == .repeated(key: "userId"))
  }

  @Test(arguments: [
    #"{"userId":"guest","password":"guest"}"#,
    #"{"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}]}"#,
    #"{"a": "b", "b": "a", "list": ["a", "a", {"a": "a"}]}"#,
    #"{"a\"b": 1, "a\\b": 2, "a": 3, "b": "\"a\": 1, \"a\": 2"}"#,
    #"["userId", "userId", {"userId": 1}, {"userId": 2}]"#,
    #"{}"#, #"[]"#, #""userId""#, "null",
  ])
  func keysOfDifferentObjectsAndValuesAreNotRepeats(json: String) {
    #expect(problem(json) == nil)
  }

  @Test func keysAreComparedAsTheDecoderComparesThem() {
    // A precomposed é and e with a combining acute accent are one key to JSONDecoder.
    #expect(problem(#"{"caf\u00e9": 1, "cafe\u0301": 2}"#) == .repeated(key: "café"))
    // A surrogate pair is one scalar.
    #expect(problem(#"{"\ud83d\ude00": 1, "😀": 2}"#) == .repeated(key: "😀"))
    #expect(problem(#"{"a\nb": 1, "a\u000ab": 2}"#) == .repeated(key: "a\nb"))
    #expect(problem(#"{"a/b": 1, "a\/b": 2}"#) == .repeated(key: "a/b"))
    #expect(problem(#"{"userId": 1, "UserId": 2, "userid": 3}"#) == nil)
    // The Kelvin sign is canonically a K.
    #expect(problem(#"{"a": 0, "K": 1, "\u212A": 2}"#) == .repeated(key: "K"))
    #expect(problem(#"{"\u212A": 1, "a": 0, "K": 2}"#) == .repeated(key: "K"))
  }

  @Test func largeObjectsAreCheckedThroughASet() {
    let keys = (0..<200).map { "\"k\($0)\": \($0)" }
    #expect(problem("{" + keys.joined(separator: ",") + "}") == nil)
    #expect(
      problem("{" + keys.joined(separator: ",") + #", "k17": 0}"#) == .repeated(key: "k17"))
    #expect(problem("{" + keys.joined(separator: ",") + #", "k3": 0}"#) == .repeated(key: "k3"))
  }

  @Test func nestingDeeperThanTheLimitIsRefused() {
    let limit = RepeatedJSONKey.maximumDepth
    let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    #expect(problem(deepest) == nil)
    let deeper = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    #expect(problem(deeper) == .tooDeep)
  }

  @Test(arguments: [
    "", "{", "}", "]]]}}}", #"{"a"#, #"{"a\"#, #"{"a": "\u12"#, #"{"\ud800": 1, "\ud800": 2"#,
    #"{"a":1,,"a":2}"#, "\"\\", "{\"\\u",
  ])
  func malformedInputEndsWithoutTrapping(json: String) {
    _ = problem(json)
  }
}
