import CardData
import CardDomain
import Foundation
import Testing

/// `CardDraft → MultipartFormData`: the contract's part names, in order, with the image as
/// a data part or a streamed file part.
@Suite("The card creation form")
struct CardCreationFormTests {
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00])

  static func text(_ name: String, _ value: String) -> MultipartPart {
    MultipartPart(name: name, content: .data(Data(value.utf8)))
  }

  @Test func fullDraftSendsEveryPartInTheContractsOrder() throws {
    let draft = CardDraft(
      name: "Kim Minji",
      title: "SOPT 29th iOS",
      birthday: try Birthday("1999-03-02"),
      mbti: try MBTI("infp"),
      instagram: "minji.dev",
      link: URL(string: "https://example.com/minji"),
      description: "iOS developer",
      defaultImage: try DefaultImage(2),
      tmis: try TMIList(["likes coffee", "runs marathons", "has a cat"]),
      image: CardImage(source: .bytes(Self.png), mimeType: .png, filename: "minji.png")
    )
    let form = MultipartFormData(cardCreation: draft, boundary: "test-boundary")
    #expect(form.boundary == "test-boundary")
    #expect(
      form.parts == [
        Self.text("card.title", "SOPT 29th iOS"),
        Self.text("card.name", "Kim Minji"),
        Self.text("card.birthday", "1999-03-02"),
        Self.text("card.mbti", "INFP"),
        Self.text("card.instagram", "minji.dev"),
        Self.text("card.linkURL", "https://example.com/minji"),
        Self.text("card.description", "iOS developer"),
        Self.text("card.defaultImage", "2"),
        Self.text("card.firstTMI", "likes coffee"),
        Self.text("card.secondTMI", "runs marathons"),
        Self.text("card.thirdTMI", "has a cat"),
        MultipartPart(
          name: "image", filename: "minji.png", contentType: "image/png",
          content: .data(Self.png)),
      ])
  }

  @Test func minimalDraftSendsTheNameAndTheDefaultImageOnly() {
    let form = MultipartFormData(cardCreation: CardDraft(name: "Lee Jun"))
    #expect(form.parts == [Self.text("card.name", "Lee Jun"), Self.text("card.defaultImage", "0")])
  }

  @Test(arguments: [
    ([String](), [String]()),
    (["one"], ["card.firstTMI"]),
    (["one", "two"], ["card.firstTMI", "card.secondTMI"]),
    (["one", "two", "three"], ["card.firstTMI", "card.secondTMI", "card.thirdTMI"]),
  ])
  func tmiLinesMapToFirstSecondAndThird(lines: [String], names: [String]) throws {
    let draft = CardDraft(name: "Lee Jun", tmis: try TMIList(lines))
    let tmiParts = MultipartFormData(cardCreation: draft).parts.filter {
      $0.name.hasSuffix("TMI")
    }
    #expect(tmiParts == zip(names, lines).map { Self.text($0, $1) })
  }

  @Test func imageFileBecomesAStreamedFilePart() throws {
    let url = URL(fileURLWithPath: "/tmp/photos/minji.jpg")
    let draft = CardDraft(
      name: "Kim Minji",
      image: CardImage(source: .file(url, byteCount: 2048), mimeType: .jpeg, filename: "minji.jpg"))
    let image = try #require(MultipartFormData(cardCreation: draft).parts.last)
    #expect(
      image
        == MultipartPart(
          name: "image", filename: "minji.jpg", contentType: "image/jpeg", content: .file(url)))
    #expect(image.isFile)
  }

  @Test func textIsSentAsGiven() {
    let draft = CardDraft(name: " Kim Minji ", title: "", description: "한국어 ✓")
    #expect(
      MultipartFormData(cardCreation: draft).parts == [
        Self.text("card.title", ""),
        Self.text("card.name", " Kim Minji "),
        Self.text("card.description", "한국어 ✓"),
        Self.text("card.defaultImage", "0"),
      ])
  }

  @Test func defaultBoundaryIsRandom() {
    let draft = CardDraft(name: "Lee Jun")
    let first = MultipartFormData(cardCreation: draft)
    let second = MultipartFormData(cardCreation: draft)
    #expect(first.boundary != second.boundary)
    #expect(first.parts == second.parts)
  }
}
