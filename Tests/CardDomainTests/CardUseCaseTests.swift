import CardDomain
import CardDomainTesting
import Foundation
import Testing

@Suite("Card use cases")
struct CardUseCaseTests {
  static func card(_ id: String, name: String = "Kim Minji") throws -> Card {
    Card(id: try CardID(id), owner: try UserID("demo"), name: name)
  }

  @Test func listCardsReturnsTheRepositorysCardsInOrder() async throws {
    let cards = [try Self.card("c2"), try Self.card("c1")]
    let repository = SpyCardRepository(cards: cards)
    #expect(try await ListCardsUseCase(repository: repository).execute() == cards)
    #expect(repository.calls == [.cards])
  }

  @Test func fetchDetailAsksForTheGivenID() async throws {
    let repository = SpyCardRepository(cards: [try Self.card("c1")])
    let card = try await FetchCardDetailUseCase(repository: repository).execute(id: "c1")
    #expect(card.id.rawValue == "c1")
    #expect(repository.calls == [.card(try CardID("c1"))])
  }

  @Test func fetchDetailWithAnEmptyIDSendsNothing() async {
    let repository = SpyCardRepository()
    await #expect(throws: CardError.invalidInput(.emptyCardID)) {
      try await FetchCardDetailUseCase(repository: repository).execute(id: "")
    }
    #expect(repository.calls.isEmpty)
  }

  @Test func createSendsAValidDraft() async throws {
    let repository = SpyCardRepository()
    let draft = CardDraft(
      name: "Kim Minji", title: "iOS", birthday: try Birthday("1999-03-02"),
      mbti: try MBTI("INFP"), link: URL(string: "https://example.com/minji"),
      defaultImage: try DefaultImage(2), tmis: try TMIList(["likes coffee"]))
    let card = try await CreateCardUseCase(repository: repository).execute(draft)
    #expect(card.name == "Kim Minji")
    #expect(repository.calls == [.create(draft)])
  }

  @Test(arguments: [
    (CardDraft(name: ""), ValidationError.emptyName),
    (CardDraft(name: " \n"), ValidationError.emptyName),
    (
      CardDraft(name: "Kim", link: URL(string: "ftp://example.com")),
      .invalidLink("ftp://example.com")
    ),
    (CardDraft(name: "Kim", link: URL(string: "minji")), .invalidLink("minji")),
    (
      CardDraft(
        name: "Kim",
        image: CardImage(source: .bytes(Data("GIF89a".utf8)), mimeType: .png, filename: "a.png")),
      .imageContentMismatch(declared: .png)
    ),
    (
      CardDraft(
        name: "Kim",
        image: CardImage(
          source: .bytes(Data([0xFF, 0xD8, 0xFF]) + Data(count: 10 * 1024 * 1024)),
          mimeType: .jpeg, filename: "big.jpg")),
      .imageTooLarge(byteCount: 10 * 1024 * 1024 + 3)
    ),
    (
      CardDraft(
        name: "Kim",
        image: CardImage(source: .bytes(Data([0xFF, 0xD8, 0xFF])), mimeType: .jpeg, filename: "")),
      .emptyImageFilename
    ),
  ])
  func createWithAnInvalidDraftSendsNothing(draft: CardDraft, expected: ValidationError) async {
    let repository = SpyCardRepository()
    await #expect(throws: CardError.invalidInput(expected)) {
      try await CreateCardUseCase(repository: repository).execute(draft)
    }
    #expect(repository.calls.isEmpty)
  }

  @Test func reorderSendsTheCompleteNewOrder() async throws {
    let repository = SpyCardRepository(cards: [try Self.card("c1"), try Self.card("c2")])
    let cards = try await ReorderCardsUseCase(repository: repository).execute(order: ["c2", "c1"])
    #expect(cards.map(\.id.rawValue) == ["c2", "c1"])
    #expect(repository.calls == [.reorder([try CardID("c2"), try CardID("c1")])])
  }

  @Test(arguments: [
    ([], ValidationError.emptyCardOrder),
    (["c1", ""], .emptyCardID),
    (
      ["c1", "c2", "c1", "c3", "c2", "c1"],
      .duplicateCardIDs([try! CardID("c1"), try! CardID("c2")])
    ),
  ])
  func reorderWithInvalidIDsSendsNothing(order: [String], expected: ValidationError) async {
    let repository = SpyCardRepository()
    await #expect(throws: CardError.invalidInput(expected)) {
      try await ReorderCardsUseCase(repository: repository).execute(order: order)
    }
    #expect(repository.calls.isEmpty)
  }

  @Test func deleteRemovesTheGivenCardAndRejectsAnEmptyID() async throws {
    let repository = SpyCardRepository(cards: [try Self.card("c1")])
    let useCase = DeleteCardUseCase(repository: repository)
    try await useCase.execute(id: "c1")
    await #expect(throws: CardError.invalidInput(.emptyCardID)) {
      try await useCase.execute(id: "")
    }
    #expect(repository.calls == [.delete(try CardID("c1"))])
  }

  @Test func searchSendsTheTextAndTheMBTIAndReturnsTheMatchesInListOrder() async throws {
    let minji = Card(
      id: try CardID("c1"), owner: try UserID("demo"), name: "Kim Minji", mbti: try MBTI("INFP"))
    let seojun = Card(
      id: try CardID("c2"), owner: try UserID("demo"), name: "이서준", title: "SOPT 디자인",
      mbti: try MBTI("ENTJ"))
    let repository = SpyCardRepository(cards: [minji, seojun])
    let cards = try await SearchCardsUseCase(repository: repository)
      .execute(text: "sopt", mbti: "entj")
    #expect(cards == [seojun])
    #expect(repository.calls == [.search(try CardSearch(text: "sopt", mbti: try MBTI("ENTJ")))])
  }

  @Test(arguments: [
    ("" as String?, nil as String?, ValidationError.emptySearchText),
    (String(repeating: "이", count: 101), nil, .searchTextTooLong(count: 101)),
    (nil, "INFX", .invalidMBTI("INFX")),
    ("Kim", "", .invalidMBTI("")),
  ])
  func searchWithInvalidInputSendsNothing(
    text: String?, mbti: String?, expected: ValidationError
  ) async {
    let repository = SpyCardRepository()
    await #expect(throws: CardError.invalidInput(expected)) {
      try await SearchCardsUseCase(repository: repository).execute(text: text, mbti: mbti)
    }
    #expect(repository.calls.isEmpty)
  }

  @Test(arguments: [
    CardError.requestErr(message: "card c9 not found", status: 404),
    .pathErr(reason: "data is null"), .serverErr(status: 500, message: nil),
    .networkFail(reason: "offline"), .signedOut, .sessionExpired(reason: "revoked"),
    .credentialStorage(reason: "tampered"), .cancelled,
  ])
  func repositoryFailuresReachTheCallerUnchanged(_ failure: CardError) async {
    let repository = SpyCardRepository(failure: failure)
    await #expect(throws: failure) { try await ListCardsUseCase(repository: repository).execute() }
    await #expect(throws: failure) {
      try await FetchCardDetailUseCase(repository: repository).execute(id: "c1")
    }
  }
}
