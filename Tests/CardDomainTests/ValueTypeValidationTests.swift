import CardDomain
import Foundation
import Testing

@Suite("Validated value types")
struct ValueTypeValidationTests {
  @Test(arguments: ["INFP", "estj", "EnTp", "ISFJ"])
  func acceptsEveryValidMBTI(_ text: String) throws {
    #expect(try MBTI(text).rawValue == text.uppercased())
  }

  @Test(arguments: ["", "INF", "INFPX", "XNFP", "IXFP", "INXP", "INFX", "1NFP"])
  func rejectsInvalidMBTI(_ text: String) {
    #expect(throws: ValidationError.invalidMBTI(text)) { try MBTI(text) }
  }

  @Test(arguments: ["1999-03-02", "2000-02-29", "2024-12-31", "0001-01-01"])
  func acceptsRealDates(_ text: String) throws {
    #expect(try Birthday(text).description == text)
  }

  @Test(arguments: [
    "1999-3-2", "1999-02-30", "1900-02-29", "2023-13-01", "2023-00-10", "2023-01-00",
    "99-01-01", "1999/03/02", "1999-03-02T00:00", "", "abcd-ef-gh", "0000-01-01",
  ])
  func rejectsMalformedOrImpossibleDates(_ text: String) {
    #expect(throws: ValidationError.invalidBirthday(text)) { try Birthday(text) }
  }

  @Test func birthdaysOrderChronologically() throws {
    #expect(try Birthday("1999-03-02") < Birthday("1999-11-01"))
    #expect(try Birthday(year: 2001, month: 1, day: 1) > Birthday("2000-12-31"))
  }

  @Test(arguments: 0...5)
  func acceptsDefaultImagesZeroToFive(_ index: Int) throws {
    #expect(try DefaultImage(index).index == index)
  }

  @Test(arguments: [-1, 6, 100])
  func rejectsDefaultImagesOutOfRange(_ index: Int) {
    #expect(throws: ValidationError.defaultImageOutOfRange(index)) { try DefaultImage(index) }
  }

  @Test func tmiListHoldsAtMostThreeNonBlankLines() throws {
    #expect(try TMIList(["a", "b", "c"]).count == 3)
    #expect(throws: ValidationError.tooManyTMIs(count: 4)) { try TMIList(["a", "b", "c", "d"]) }
    #expect(throws: ValidationError.blankTMI) { try TMIList(["a", "  "]) }
  }

  @Test func aSearchTextHoldsOneToAHundredCodePointsHangulIncluded() throws {
    #expect(try CardSearch(text: String(repeating: "이", count: 100)).text?.count == 100)
    #expect(throws: ValidationError.searchTextTooLong(count: 101)) {
      try CardSearch(text: String(repeating: "a", count: 101))
    }
    #expect(throws: ValidationError.emptySearchText) { try CardSearch(text: "") }
    // `이` written as its two jamo is one character to a reader, two code points to the
    // server, as to JSON Schema's maxLength.
    let decomposed = String(repeating: "\u{110B}\u{1175}", count: 50) + "a"
    #expect(throws: ValidationError.searchTextTooLong(count: 101)) {
      try CardSearch(text: decomposed)
    }
    #expect(try CardSearch() == CardSearch(text: nil, mbti: nil), "neither: every card")
  }

  @Test func aSearchMatchesNameTitleOrDescriptionInAnyCaseAndTheMBTIExactly() throws {
    let card = Card(
      id: try CardID("c1"), owner: try UserID("demo"), name: "Kim Minji", title: "SOPT 29th",
      mbti: try MBTI("INFP"), description: "iOS 개발자")
    #expect(try CardSearch(text: "minji").matches(card))
    #expect(try CardSearch(text: "sopt").matches(card))
    #expect(try CardSearch(text: "IOS 개발").matches(card))
    #expect(try CardSearch(text: "minji", mbti: MBTI("infp")).matches(card))
    #expect(try !CardSearch(text: "minji", mbti: MBTI("ENTJ")).matches(card), "both must match")
    #expect(try !CardSearch(text: "likes").matches(card), "tmi lines are not searched")
    #expect(try CardSearch().matches(card))
  }

  @Test func identifiersRejectEmptyInput() throws {
    #expect(throws: ValidationError.emptyCardID) { try CardID("") }
    #expect(throws: ValidationError.emptyUserID) { try UserID("  ") }
    #expect(try UserID(" demo ").rawValue == "demo")
    #expect(try CardID(" c1 ").rawValue == " c1 ", "card ids are opaque and kept as given")
  }

  @Test func passwordNeverShowsItself() throws {
    let password = try Password("hunter2")
    var dumped = ""
    dump(password, to: &dumped)
    #expect("\(password)" == "<redacted>")
    #expect(String(reflecting: password) == "<redacted>")
    #expect(!dumped.contains("hunter2"))
    #expect(password.revealed == "hunter2")
    #expect(throws: ValidationError.emptyPassword) { try Password("") }
  }

  @Test func everyValidationErrorExplainsItself() throws {
    let errors: [ValidationError] = [
      .emptyName, .emptyUserID, .emptyPassword, .emptyCardID, .invalidMBTI("X"),
      .invalidBirthday("x"), .defaultImageOutOfRange(9), .tooManyTMIs(count: 4), .blankTMI,
      .invalidLink("x"), .imageTooLarge(byteCount: 1),
      .imageContentMismatch(declared: .png), .notAnImage(path: "a.png"), .emptyImageFilename,
      .imageUnreadable(path: "/x", reason: "no such file"), .emptyCardOrder,
      .duplicateCardIDs([try CardID("c1")]), .emptySearchText, .searchTextTooLong(count: 101),
    ]
    for error in errors {
      #expect(!error.description.isEmpty)
    }
    #expect(ValidationError.duplicateCardIDs([try CardID("c1")]).description.contains("c1"))
  }
}
