import CardData
import CardDomain
import Foundation
import Testing

/// Decoding a card checks the JSON types only: optional fields may be absent or `null`.
@Suite("CardDTO decoding")
struct CardDTODecodingTests {
  @Test func everyContractFieldDecodes() throws {
    let dto = try JSONDecoder().decode(CardDTO.self, from: Data(WireFixtures.fullCardJSON.utf8))
    #expect(dto == WireFixtures.fullCard)
  }

  @Test func absentOptionalFieldsAreNil() throws {
    let json = #"{"cardId": "c2", "userId": "demo", "name": "Lee Jun", "defaultImage": 0}"#
    let dto = try JSONDecoder().decode(CardDTO.self, from: Data(json.utf8))
    #expect(dto == WireFixtures.minimalCard)
  }

  @Test func nullOptionalFieldsAreNil() throws {
    let json = """
      {"cardId": "c2", "userId": "demo", "title": null, "name": "Lee Jun", "birthday": null,
       "mbti": null, "instagram": null, "linkURL": null, "description": null,
       "defaultImage": 0, "imageURL": null, "tmi": null}
      """
    let dto = try JSONDecoder().decode(CardDTO.self, from: Data(json.utf8))
    #expect(dto == WireFixtures.minimalCard)
  }

  @Test(arguments: ["cardId", "userId", "name", "defaultImage"])
  func alwaysPresentFieldIsRequired(field: String) throws {
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(WireFixtures.fullCardJSON.utf8))
        as? [String: Any])
    object[field] = nil
    let json = try JSONSerialization.data(withJSONObject: object)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(CardDTO.self, from: json) }
  }

  @Test func unknownFieldsAreIgnored() throws {
    let json = #"{"cardId": "c2", "userId": "demo", "name": "Lee Jun", "defaultImage": 0, "x": 1}"#
    let dto = try JSONDecoder().decode(CardDTO.self, from: Data(json.utf8))
    #expect(dto == WireFixtures.minimalCard)
  }

  @Test func encodesWithTheContractsFieldNames() throws {
    let json = try WireFixtures.sortedJSON(WireFixtures.fullCard)
    #expect(
      json
        == #"{"birthday":"1999-03-02","cardId":"c1","defaultImage":2,"#
        + #""description":"iOS developer","imageURL":"/card/c1/image","instagram":"minji.dev","#
        + #""linkURL":"https://example.com/minji","mbti":"INFP","name":"Kim Minji","#
        + #""title":"SOPT 29th iOS","tmi":["likes coffee","runs marathons","has a cat"],"#
        + #""userId":"demo"}"#)
  }
}
