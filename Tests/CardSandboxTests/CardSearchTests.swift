import CardPrimitives
import CardSandbox
import Foundation
import Testing

@Suite("GET /cards/search")
struct CardSearchTests {
  /// The ids of the cards `GET /cards/search?{query}` answers, in the order it answers them.
  private func found(_ query: String, in sandbox: Sandbox, as session: Session) async throws
    -> [String]
  {
    let response = try await sandbox.handle("GET", "/cards/search?" + query, as: session)
    #expect(response.status == 200, "\(query)")
    let envelope = try ParsedEnvelope(response)
    #expect(envelope.message == "cards found")
    let cards = try envelope.objects()
    for card in cards { CardShape.check(card) }
    return try cards.map { try #require($0["cardId"] as? String) }
  }

  @Test(arguments: [
    ("q=sopt", ["c1", "c2"]),
    ("q=MINJI", ["c1"]),
    ("q=%EC%9D%B4", ["c2"]),
    ("q=%ED%83%80%EC%9D%B4%ED%8F%AC", ["c2"]),
    ("q=ios%20DEV", ["c1"]),
    ("mbti=entj", ["c2"]),
    ("q=sopt&mbti=INFP", ["c1"]),
    ("mbti=infp&q=sopt", ["c1"]),
    ("q=minji&mbti=ENTJ", []),
    ("q=coffee", []),
    ("q=Alex", []),
    ("", ["c1", "c2"]),
  ])
  func qIsASubstringOfNameTitleOrDescriptionInAnyCaseAndMBTIIsExactBothCombinedWithAnd(
    query: String, expected: [String]
  ) async throws {
    let sandbox = Sandbox()
    #expect(try await found(query, in: sandbox, as: try await sandbox.login()) == expected)
  }

  @Test func theMatchesComeInTheUsersListOrder() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let reordered = try await sandbox.handle(
      Requests.reorder(["c2", "c1"], token: session.accessToken))
    #expect(reordered.status == 200)
    #expect(try await found("q=SOPT", in: sandbox, as: session) == ["c2", "c1"])
  }

  @Test func aPlusAmpersandEqualsOrHashInQArrivesAsTyped() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let created = try await sandbox.handle(
      Requests.create(.minimal(name: "R&D = #1 + C++"), token: session.accessToken))
    #expect(created.status == 201)
    #expect(
      try await found("q=R%26D%20%3D%20%231%20%2B%20C%2B%2B", in: sandbox, as: session) == ["c4"])
    #expect(try await found("q=C%2B%2B", in: sandbox, as: session) == ["c4"])
    #expect(try await found("q=C++", in: sandbox, as: session) == ["c4"], "a + is a +, not a space")
    #expect(try await found("q=SOPT+29th", in: sandbox, as: session) == [])
  }

  @Test(arguments: [
    ("q=", "q must not be empty"),
    ("q", "q must not be empty"),
    (
      "q=" + String(repeating: "%EC%9D%B4", count: 101), "q must be at most 100 characters, not 101"
    ),
    ("mbti=INFX", #"mbti must be four letters, one from each pair E/I, S/N, T/F, J/P, not "INFX""#),
    ("mbti=", #"mbti must be four letters, one from each pair E/I, S/N, T/F, J/P, not """#),
    ("page=1", "unknown query parameter page; cardSearch takes q and mbti"),
    (
      "q=" + String(repeating: "%E1%84%8B%E1%85%B5", count: 50) + "a",
      "q must be at most 100 characters, not 101"
    ),
    ("q=a&q=b", "q is given more than once"),
    ("q=%E", "q has an invalid percent escape or is not UTF-8"),
    ("q=%FF", "q has an invalid percent escape or is not UTF-8"),
  ])
  func aBadParameterAnswers400NamingIt(query: String, message: String) async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let response = try await sandbox.handle("GET", "/cards/search?" + query, as: session)
    #expect(response.status == 400)
    #expect(try ParsedEnvelope(response).message == message)
  }

  @Test func aHundredCharactersOfHangulAreAcceptedAndMatchNothingHere() async throws {
    let sandbox = Sandbox()
    let q = String(repeating: "%EC%9D%B4", count: 100)
    #expect(try await found("q=" + q, in: sandbox, as: try await sandbox.login()) == [])
  }

  @Test func withoutATokenTheAnswerIs401WhateverTheQuery() async throws {
    let response = try await Sandbox().handle(Requests.plain("GET", "/cards/search?q="))
    #expect(response.status == 401)
  }

  @Test func anotherMethodAnswers405WithAllowGET() async throws {
    let response = try await Sandbox().handle(Requests.plain("POST", "/cards/search?q=a"))
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == "GET")
  }
}
