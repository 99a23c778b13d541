import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

/// Each method sends one endpoint and hands back what the endpoint decodes its reply to:
/// tested over a spy of the `APIClient` port, which answers with the endpoints' sample replies
/// or the reply a test chooses, judged by the endpoint's own decoding. No pipeline: what a
/// request becomes on the wire is `CardAPIWiringTests`'s subject.
@Suite("Remote card repository")
struct RemoteCardRepositoryTests {
  @Test func eachCardCallSendsItsEndpoint() async throws {
    let client = SpyAPIClient()
    let cards = RemoteCardRepository(client: client)
    let c1 = try CardID("c1")
    #expect(try await cards.cards().map(\.id.rawValue) == ["c1", "c2"])
    #expect(try await cards.card(id: c1).name == "Kim Minji")
    #expect(try await cards.create(CardDraft(name: "Park Seoyeon")).id.rawValue == "c3")
    #expect(try await cards.reorder([try CardID("c2"), c1]).map(\.id.rawValue) == ["c2", "c1"])
    try await cards.delete(id: c1)
    #expect(
      client.sent.map { "\($0.name) \($0.method) \($0.path)" } == [
        "cardList GET /cards", "cardDetailFetch GET /card/c1", "cardCreation POST /card",
        "cardListEdit PUT /cards", "cardDelete DELETE /card/c1",
      ])
    #expect(client.sent.allSatisfy { $0.authorization == .bearer })
  }

  @Test func cardAsksForTheCardByItsPath() async throws {
    let client = SpyAPIClient()  // answers each endpoint with its sample reply
    let card = try await RemoteCardRepository(client: client).card(id: CardID("c1"))
    #expect(client.sent.map(\.path) == ["/card/c1"])
    #expect(card.name == "Kim Minji")
  }

  @Test func searchSendsItsQueryAndMapsTheMatches() async throws {
    let client = SpyAPIClient()  // answers with cardSearch's sample reply: the card c2
    let search = try CardSearch(text: "sopt", mbti: MBTI("estj"))
    let cards = try await RemoteCardRepository(client: client).search(search)
    #expect(
      client.sent.map { "\($0.name) \($0.method) \($0.path)" } == ["cardSearch GET /cards/search"])
    #expect(
      client.sent.map(\.query) == [
        [QueryItem(name: "q", value: "sopt"), QueryItem(name: "mbti", value: "ESTJ")]
      ])
    #expect(cards.map(\.name) == ["Lee Jun"])
  }

  @Test func oneCardIsMappedFieldByField() async throws {
    let client = SpyAPIClient { _ in .minjisCard }
    let card = try await RemoteCardRepository(client: client).card(id: try CardID("c1"))
    #expect(card.name == "Kim Minji")
    #expect(card.mbti == (try MBTI("INFP")))
    #expect(card.birthday == (try Birthday("1999-03-02")))
    #expect(card.tmis.lines == ["likes coffee"])
  }

  @Test func aMissingCardIsARequestErrorWithTheServersMessage() async throws {
    let client = SpyAPIClient { _ in .envelope(status: 404, message: "card c9 not found") }
    await #expect(throws: CardError.requestErr(message: "card c9 not found", status: 404)) {
      try await RemoteCardRepository(client: client).card(id: try CardID("c9"))
    }
    #expect(client.sent.map(\.path) == ["/card/c9"])
  }

  @Test func aBodyOfSpacesIsBlankNotEmpty() async throws {
    let spaces = String(repeating: " ", count: 1 << 20)
    let client = SpyAPIClient { _ in
      .raw(status: 200, body: spaces, contentType: "application/json")
    }
    let reason = "status 200: the body is not the envelope: a blank body of 1048576 bytes"
    await #expect(throws: CardError.pathErr(reason: reason)) {
      try await RemoteCardRepository(client: client).cards()
    }
  }

  @Test func anHTMLErrorPageIsAServerFailure() async throws {
    let client = SpyAPIClient { _ in .raw(status: 502, body: "<html>Bad Gateway</html>") }
    await #expect(throws: CardError.serverErr(status: 502, message: nil)) {
      try await RemoteCardRepository(client: client).cards()
    }
  }

  @Test func aReplyThatBreaksTheContractIsAContractMismatchNamingTheField() async throws {
    let client = SpyAPIClient { _ in
      .envelope(data: #"{"cardId":"c1","userId":"demo","name":"K","defaultImage":9}"#)
    }
    let error = await #expect(throws: CardError.self) {
      try await RemoteCardRepository(client: client).card(id: try CardID("c1"))
    }
    guard case .pathErr(let reason) = error else {
      Issue.record("expected a contract mismatch, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("defaultImage"))
  }

  @Test func offlineIsANetworkFailure() async throws {
    let client = SpyAPIClient { _ in .failure(TransportError(.cannotConnect, "could not connect")) }
    await #expect(throws: CardError.networkFail(reason: "could not connect")) {
      try await RemoteCardRepository(client: client).cards()
    }
  }

  @Test func aDeleteAcceptsANullPayload() async throws {
    let client = SpyAPIClient { _ in .envelope(status: 200, message: "deleted") }
    try await RemoteCardRepository(client: client).delete(id: try CardID("c2"))
    #expect(client.sent.map(\.method) == [.delete])
  }
}
