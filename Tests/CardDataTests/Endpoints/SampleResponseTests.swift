import CardData
import CardDomain
import Foundation
import Testing

/// Every endpoint's sample reply is a JSON envelope that the judge accepts as a success of
/// the endpoint's payload type, and that maps to entities.
@Suite struct SampleResponseTests {
  static let cardServices: [CardService] = [
    .cardList, .cardDetailFetch(try! CardID("c1")), .cardCreation(CardDraft(name: "A")),
    .cardListEdit([try! CardID("c2"), try! CardID("c1")]), .cardDelete(try! CardID("c1")),
  ]
  static let authServices: [AuthService] = [
    .login(userID: try! UserID("demo"), password: try! Password("pw")),
    .refresh(refreshToken: "sample-refresh-token"), .logout,
  ]

  static let allServices: [any TargetType] = cardServices + authServices

  @Test(arguments: allServices)
  func sampleIsTheJSONEnvelopeWithTheContractsStatus(service: any TargetType) throws {
    let response = service.sampleResponse
    #expect(response.status == (service.name == "cardCreation" ? 201 : 200))
    #expect(response.headers["content-type"] == "application/json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    #expect(Set(object.keys) == ["status", "success", "message", "data"])
    #expect(object["status"] as? Int == response.status)
    #expect(object["success"] as? Bool == true)
    #expect((object["message"] as? String)?.isEmpty == false)
  }

  @Test func cardListSampleIsTwoCardsOwnedByDemo() throws {
    let cards = try judgeCards(CardService.cardList)
    #expect(cards.map(\.id.rawValue) == ["c1", "c2"])
    #expect(cards.allSatisfy { $0.owner.rawValue == "demo" })
    #expect(cards[0] == (try WireFixtures.fullCard.card()))
    #expect(cards[1].birthday == nil && cards[1].link == nil && cards[1].imageURL == nil)
  }

  @Test func cardDetailSampleIsTheContractsExampleCard() throws {
    let response = CardService.cardDetailFetch(try CardID("c1")).sampleResponse
    let result = judgeStatus(by: response.status, data: response.body, type: CardDTO.self)
    #expect(result == .success(WireFixtures.fullCard))
  }

  @Test func cardCreationSampleIsANewCard() throws {
    let response = CardService.cardCreation(CardDraft(name: "A")).sampleResponse
    let card = try #require(
      judgeStatus(by: response.status, data: response.body, type: CardDTO.self)
        .tryMap { (dto) throws(WireMappingError) in try dto.card() }.value)
    #expect(card.id.rawValue == "c3")
    #expect(card.imageURL == nil)
  }

  @Test func cardListEditSampleIsTheNewOrder() throws {
    let cards = try judgeCards(.cardListEdit([try CardID("c2"), try CardID("c1")]))
    #expect(cards.map(\.id.rawValue) == ["c2", "c1"])
  }

  static let nullServices: [any TargetType] = [
    CardService.cardDelete(try! CardID("c1")), AuthService.logout,
  ]

  @Test(arguments: nullServices)
  func nullSamplesSucceedAsNoPayload(service: any TargetType) {
    let response = service.sampleResponse
    let result = judgeStatus(by: response.status, data: response.body, type: NoPayload.self)
    #expect(result == .success(NoPayload()))
  }

  @Test(arguments: authServices.prefix(2))
  func tokenSamplesMapToACredentialForAnHour(service: AuthService) throws {
    let response = service.sampleResponse
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let result = judgeStatus(by: response.status, data: response.body, type: TokenDTO.self)
      .tryMap { (token) throws(WireMappingError) in try token.credential(userID: "demo", now: now) }
    let credential = try #require(result.value)
    #expect(credential.expiresAt == now.addingTimeInterval(3600))
    #expect(credential.accessToken.hasPrefix("sample-access-token"))
    #expect(credential.refreshToken.hasPrefix("sample-refresh-token"))
  }

  private func judgeCards(_ service: CardService) throws -> [Card] {
    let response = service.sampleResponse
    let result = judgeStatus(by: response.status, data: response.body, type: [CardDTO].self)
      .tryMap { (dtos) throws(WireMappingError) in try dtos.cards() }
    return try #require(result.value, "\(result)")
  }
}
