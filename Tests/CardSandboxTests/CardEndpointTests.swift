import CardPrimitives
import CardSandbox
import Foundation
import Testing

@Suite("Card endpoints")
struct CardEndpointTests {
  @Test func getCardsAnswersTheUsersCardsInListOrderEachOfTheCardShape() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let response = try await sandbox.handle("GET", "/cards", as: session)
    #expect(response.status == 200)
    let envelope = try ParsedEnvelope(response)
    #expect(envelope.message == "cards fetched")
    let cards = try envelope.objects()
    #expect(cards.map { $0["cardId"] as? String } == ["c1", "c2"])
    #expect(cards.allSatisfy { $0["userId"] as? String == "demo" })
    for card in cards { CardShape.check(card) }
  }

  @Test func theSeedCardC1IsTheContractsExampleFieldForField() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let response = try await sandbox.handle("GET", "/card/c1", as: session)
    #expect(response.status == 200)
    let card = try ParsedEnvelope(response).object()
    CardShape.check(card)
    #expect(Set(card.keys) == Set(CardShape.required.keys).union(CardShape.optional.keys))
    #expect(card["cardId"] as? String == "c1")
    #expect(card["userId"] as? String == "demo")
    #expect(card["title"] as? String == "SOPT 29th iOS")
    #expect(card["name"] as? String == "Kim Minji")
    #expect(card["birthday"] as? String == "1999-03-02")
    #expect(card["mbti"] as? String == "INFP")
    #expect(card["instagram"] as? String == "minji.dev")
    #expect(card["linkURL"] as? String == "https://example.com/minji")
    #expect(card["description"] as? String == "iOS developer")
    #expect(card["defaultImage"] as? Int == 2)
    #expect(card["imageURL"] as? String == "/card/c1/image")
    #expect(card["tmi"] as? [String] == ["likes coffee", "runs marathons", "has a cat"])
    // The slashes are not escaped on the wire.
    #expect(String(decoding: response.body, as: UTF8.self).contains(#""/card/c1/image""#))
  }

  @Test func absentOptionalFieldsAreLeftOutNotNull() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login("guest", "guest")
    let cards = try ParsedEnvelope(
      try await sandbox.handle("GET", "/cards", as: session)
    ).objects()
    #expect(cards.count == 1)
    let card = try #require(cards.first)
    CardShape.check(card)
    #expect(
      Set(card.keys) == ["cardId", "userId", "name", "defaultImage", "instagram", "description"])
  }

  @Test func getCardIdAnswers404ForAnUnknownCardAnd403ForAnotherUsers() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let missing = try await sandbox.handle("GET", "/card/c9", as: session)
    #expect(missing.status == 404)
    #expect(try ParsedEnvelope(missing).message == "card c9 not found")
    let foreign = try await sandbox.handle("GET", "/card/c3", as: session)
    #expect(foreign.status == 403)
    #expect(try ParsedEnvelope(foreign).message == "card c3 belongs to another user")
  }

  @Test func deleteCardIdAnswers200WithNullDataTheCardIsGone403And404AsGET() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let response = try await sandbox.handle("DELETE", "/card/c1", as: session)
    #expect(response.status == 200)
    let envelope = try ParsedEnvelope(response)
    #expect(envelope.dataIsNull && envelope.message == "card deleted")
    #expect(
      try await sandbox.handle("GET", "/card/c1", as: session).status
        == 404)
    #expect(
      try await sandbox.handle("DELETE", "/card/c1", as: session)
        .status == 404)
    #expect(
      try await sandbox.handle("DELETE", "/card/c3", as: session)
        .status == 403)
    #expect(try await sandbox.cardIds(token: session.accessToken) == ["c2"])
  }

  @Test func putCardsAnswersTheCardsInTheNewOrderAndTheListKeepsIt() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let response = try await sandbox.handle(
      Requests.reorder(["c2", "c1"], token: session.accessToken))
    #expect(response.status == 200)
    let cards = try ParsedEnvelope(response).objects()
    #expect(cards.map { $0["cardId"] as? String } == ["c2", "c1"])
    for card in cards { CardShape.check(card) }
    #expect(try await sandbox.cardIds(token: session.accessToken) == ["c2", "c1"])
  }

  @Test(arguments: [
    (["c2", "c1", "c9"], "card c9 is not in your list"),
    (
      ["c2", "c3"],
      "card c3 is not in your list; card c1 is missing from cardIds; send the whole list"
    ),
    (
      ["c9", "c2", "c2", "c8", "c9"],
      "cards c9, c8 are not in your list; card c2 appears more than once in cardIds; "
        + "card c1 is missing from cardIds; send the whole list"
    ),
    (["c1", "c1", "c2"], "card c1 appears more than once in cardIds"),
    (["c1"], "card c2 is missing from cardIds; send the whole list"),
    ([], "cards c1, c2 are missing from cardIds; send the whole list"),
  ])
  func putCardsAnswers400NamingEveryUnknownRepeatedOrMissingId(cardIds: [String], message: String)
    async throws
  {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let response = try await sandbox.handle(Requests.reorder(cardIds, token: session.accessToken))
    #expect(response.status == 400)
    #expect(try ParsedEnvelope(response).message == message)
    #expect(try await sandbox.cardIds(token: session.accessToken) == ["c1", "c2"])
  }

  @Test(arguments: [
    (#"{"cardIds": "c1"}"#, "cardIds must be an array"),
    (#"{"cardIds": [1, 2]}"#, "cardIds[0] must be a string"),
    (#"{"ids": ["c1"]}"#, "cardIds is required"),
    ("cardIds=c1", "the request body is not valid JSON"),
  ])
  func putCardsAnswers400ForAMalformedBody(body: String, message: String) async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let response = try await sandbox.handle(
      Requests.json("PUT", "/cards", body, token: session.accessToken))
    #expect(response.status == 400)
    #expect(try ParsedEnvelope(response).message == message)
  }

  @Test func getCardIdImageAnswersTheUploadedBytesWithTheirType() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let response = try await sandbox.handle("GET", "/card/c1/image", as: session)
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "image/png")
    #expect(response.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let none = try await sandbox.handle("GET", "/card/c2/image", as: session)
    #expect(none.status == 404)
    #expect(try ParsedEnvelope(none).message == "card c2 has no uploaded image")
    #expect(try await sandbox.handle(Requests.plain("GET", "/card/c1/image")).status == 401)
  }

  @Test func theGuestUserSeesOnlyTheirOwnCard() async throws {
    let sandbox = Sandbox()
    let guest = try await sandbox.login("guest", "guest")
    #expect(try await sandbox.cardIds(token: guest.accessToken) == ["c3"])
    #expect(
      try await sandbox.handle("GET", "/card/c1", as: guest).status
        == 403)
  }
}
