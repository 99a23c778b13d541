import CardData
import CardDomain
import Foundation
import Testing

/// `CardDTO → Card`: every field is carried over, and every broken rule is an error that
/// names the card and the field.
@Suite("Card mapping")
struct CardMappingTests {
  @Test func everyFieldIsMapped() throws {
    let card = try WireFixtures.fullCard.card()
    #expect(card.id == (try CardID("c1")))
    #expect(card.owner == (try UserID("demo")))
    #expect(card.title == "SOPT 29th iOS")
    #expect(card.name == "Kim Minji")
    #expect(card.birthday == (try Birthday(year: 1999, month: 3, day: 2)))
    #expect(card.mbti == (try MBTI("INFP")))
    #expect(card.instagram == "minji.dev")
    #expect(card.link == URL(string: "https://example.com/minji"))
    #expect(card.description == "iOS developer")
    #expect(card.defaultImage == (try DefaultImage(2)))
    #expect(card.imageURL == URL(string: "/card/c1/image"))
    #expect(card.tmis.lines == ["likes coffee", "runs marathons", "has a cat"])
  }

  @Test func absentOptionalFieldsMapToNothing() throws {
    let card = try WireFixtures.minimalCard.card()
    let expected = Card(
      id: try CardID("c2"), owner: try UserID("demo"), name: "Lee Jun",
      defaultImage: try DefaultImage(0))
    #expect(card == expected)
    #expect(card.tmis.isEmpty)
  }

  @Test func lowercaseMBTIIsNormalised() throws {
    let card = try WireFixtures.fullCard { $0.mbti = "enfj" }.card()
    #expect(card.mbti?.rawValue == "ENFJ")
  }

  @Test(arguments: ["https://cdn.example.com/c1.png", "/card/c1/image", "/card/a%2Fb/image"])
  func imageURLMayBeAbsoluteOrFromTheRoot(text: String) throws {
    let card = try WireFixtures.fullCard { $0.imageURL = text }.card()
    #expect(card.imageURL?.absoluteString == text)
  }

  @Test func textFieldsAreKeptAsSent() throws {
    let card = try WireFixtures.fullCard {
      $0.title = ""
      $0.instagram = " @minji "
      $0.description = "line one\nline two"
    }.card()
    #expect(card.title == "")
    #expect(card.instagram == " @minji ")
    #expect(card.description == "line one\nline two")
  }

  /// A card that breaks one rule, the field the error names and its reason.
  struct Violation: Sendable, CustomTestStringConvertible {
    let label: String
    let dto: CardDTO
    let field: String
    let reason: String
    var testDescription: String { label }
  }

  static let violations = [
    Violation(
      label: "empty cardId", dto: WireFixtures.fullCard { $0.cardId = "" }, field: "cardId",
      reason: "a card: card id must not be empty"),
    Violation(
      label: "empty userId", dto: WireFixtures.fullCard { $0.userId = "" }, field: "userId",
      reason: "card 'c1': user id must not be empty"),
    Violation(
      label: "blank userId", dto: WireFixtures.fullCard { $0.userId = "  " }, field: "userId",
      reason: "card 'c1': user id must not be empty"),
    Violation(
      label: "empty name", dto: WireFixtures.fullCard { $0.name = "" }, field: "name",
      reason: "card 'c1': name must not be empty"),
    Violation(
      label: "blank name", dto: WireFixtures.fullCard { $0.name = " \n" }, field: "name",
      reason: "card 'c1': name must not be empty"),
    Violation(
      label: "mbti with a wrong letter", dto: WireFixtures.fullCard { $0.mbti = "INFX" },
      field: "mbti",
      reason: "card 'c1': mbti must be four letters from E/I, S/N, T/F, J/P, not 'INFX'"),
    Violation(
      label: "mbti of three letters", dto: WireFixtures.fullCard { $0.mbti = "INF" },
      field: "mbti",
      reason: "card 'c1': mbti must be four letters from E/I, S/N, T/F, J/P, not 'INF'"),
    Violation(
      label: "empty mbti", dto: WireFixtures.fullCard { $0.mbti = "" }, field: "mbti",
      reason: "card 'c1': mbti must be four letters from E/I, S/N, T/F, J/P, not ''"),
    Violation(
      label: "birthday without padding", dto: WireFixtures.fullCard { $0.birthday = "1999-3-2" },
      field: "birthday",
      reason: "card 'c1': birthday must be a real date as YYYY-MM-DD, not '1999-3-2'"),
    Violation(
      label: "birthday that does not exist",
      dto: WireFixtures.fullCard { $0.birthday = "1999-02-29" }, field: "birthday",
      reason: "card 'c1': birthday must be a real date as YYYY-MM-DD, not '1999-02-29'"),
    Violation(
      label: "birthday with a time",
      dto: WireFixtures.fullCard { $0.birthday = "1999-03-02T00:00:00Z" }, field: "birthday",
      reason: "card 'c1': birthday must be a real date as YYYY-MM-DD, not '1999-03-02T00:00:00Z'"),
    Violation(
      label: "defaultImage below 0", dto: WireFixtures.fullCard { $0.defaultImage = -1 },
      field: "defaultImage", reason: "card 'c1': defaultImage must be 0 to 5, not -1"),
    Violation(
      label: "defaultImage above 5", dto: WireFixtures.fullCard { $0.defaultImage = 6 },
      field: "defaultImage", reason: "card 'c1': defaultImage must be 0 to 5, not 6"),
    Violation(
      label: "four tmi lines", dto: WireFixtures.fullCard { $0.tmi = ["a", "b", "c", "d"] },
      field: "tmi", reason: "card 'c1': a card holds at most 3 tmi lines, not 4"),
    Violation(
      label: "blank tmi line", dto: WireFixtures.fullCard { $0.tmi = ["a", " "] }, field: "tmi",
      reason: "card 'c1': a tmi line must not be blank"),
    Violation(
      label: "linkURL without a scheme",
      dto: WireFixtures.fullCard { $0.linkURL = "example.com/minji" }, field: "linkURL",
      reason: "card 'c1': linkURL must be an absolute URL, not 'example.com/minji'"),
    Violation(
      label: "empty linkURL", dto: WireFixtures.fullCard { $0.linkURL = "" }, field: "linkURL",
      reason: "card 'c1': linkURL must be an absolute URL, not ''"),
    Violation(
      label: "linkURL from the root", dto: WireFixtures.fullCard { $0.linkURL = "/minji" },
      field: "linkURL", reason: "card 'c1': linkURL must be an absolute URL, not '/minji'"),
    Violation(
      label: "relative imageURL", dto: WireFixtures.fullCard { $0.imageURL = "card/c1/image" },
      field: "imageURL",
      reason: "card 'c1': imageURL must be an absolute URL or a path from /, not 'card/c1/image'"),
    Violation(
      label: "scheme-relative imageURL",
      dto: WireFixtures.fullCard { $0.imageURL = "//cdn.example.com/c1" }, field: "imageURL",
      reason:
        "card 'c1': imageURL must be an absolute URL or a path from /, not '//cdn.example.com/c1'"),
  ]

  @Test(arguments: violations)
  func brokenRuleIsAMappingError(row: Violation) {
    #expect(throws: WireMappingError(field: row.field, reason: row.reason)) {
      try row.dto.card()
    }
  }

  @Test func hugeFieldIsQuotedInAShortReason() throws {
    let huge = WireFixtures.fullCard { $0.linkURL = String(repeating: "x", count: 10_000) }
    let error = try #require(throws: WireMappingError.self) { try huge.card() }
    #expect(error.field == "linkURL")
    #expect(error.reason.count == 200)
    #expect(error.reason.hasPrefix("card 'c1': linkURL must be an absolute URL, not 'xxx"))
    #expect(error.reason.hasSuffix("x…"))
  }

  @Test func listMapsInOrder() throws {
    let cards = try [WireFixtures.minimalCard, WireFixtures.fullCard].cards()
    #expect(cards.map(\.id.rawValue) == ["c2", "c1"])
  }

  @Test func listFailsOnTheFirstBrokenCardAndNamesIt() {
    let broken = WireFixtures.fullCard {
      $0.cardId = "c7"
      $0.defaultImage = 9
    }
    #expect(
      throws: WireMappingError(
        field: "defaultImage", reason: "card 'c7': defaultImage must be 0 to 5, not 9")
    ) {
      try [WireFixtures.fullCard, broken, WireFixtures.minimalCard].cards()
    }
  }
}
