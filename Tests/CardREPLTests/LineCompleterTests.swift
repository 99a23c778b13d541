import CardDomain
import CardDomainTesting
import CardREPL
import CardREPLTestSupport
import CardTestingPrimitives
import Foundation
import Testing

@Suite("Tab completion's candidates")
struct LineCompleterTests {
  private let recentCards = RecentCards()
  private let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  private func candidates(_ text: String) -> [String] {
    LineCompleter(recentCards: recentCards, workingDirectory: directory.url).complete(text)
      .candidates
  }

  @Test func commandWordsThenSubcommands() {
    #expect(candidates("") == LineCompleterTests.firstWords)
    #expect(candidates("lo") == ["log", "login", "logout"])
    #expect(candidates("card ") == ["create", "delete", "get"])
    #expect(candidates("sandbox l") == ["latency"])
    #expect(candidates("log ") == ["off", "on"])
    #expect(candidates("cards ") == ["order", "search"])
    #expect(candidates("whoami ").isEmpty)
  }

  @Test func helpTopicsAreCommandNames() {
    #expect(candidates("help w") == ["whoami"])
    #expect(candidates("help sandbox re") == ["reset", "revoke-refresh"])
    #expect(candidates("help sandbox reset ").isEmpty)
  }

  @Test func cardCreateKeysAndMBTIValues() {
    #expect(candidates("card create na") == ["name="])
    #expect(!candidates("card create name=Kim ").contains("name="))
    #expect(candidates("card create name=Kim tmi=a t").contains("tmi="))
    #expect(candidates("card create mbti=INF") == ["mbti=INFJ", "mbti=INFP"])
    #expect(candidates("card create mbti=").count == 16)
  }

  @Test func aSearchOffersTheMBTIKeyOnceAndItsValues() {
    #expect(candidates("cards search ") == ["mbti="])
    #expect(candidates("cards search Kim m") == ["mbti="])
    #expect(candidates("cards search mbti=INF") == ["mbti=INFJ", "mbti=INFP"])
    #expect(candidates("cards search mbti=INFP ").isEmpty)
  }

  @Test func cardIDsComeFromTheLastListing() async throws {
    #expect(candidates("card get ").isEmpty)
    let listing = [try sampleCard(id: "c1"), try sampleCard(id: "c2")]
    let session = REPLSession(
      services: fakeServices(cards: SpyCardRepository(cards: listing)),
      console: CapturingConsole(), mode: .json, workingDirectory: directory.url,
      recentCards: recentCards)
    _ = await session.execute("cards")
    #expect(candidates("card get ") == ["c1", "c2"])
    #expect(candidates("card delete c") == ["c1", "c2"])
    #expect(candidates("cards order c2 ") == ["c1"])
    #expect(candidates("card get c1 ").isEmpty)
  }

  @Test func theShortListingFeedsCardIDsToo() async throws {
    let listing = [try sampleCard(id: "c1"), try sampleCard(id: "c2")]
    let session = REPLSession(
      services: fakeServices(cards: SpyCardRepository(cards: listing)),
      console: CapturingConsole(), mode: .human(HumanRenderer()), workingDirectory: directory.url,
      recentCards: recentCards)
    _ = await session.execute("cards --short")
    #expect(candidates("card get c") == ["c1", "c2"])
  }

  @Test func imagePathsAfterTheKey() throws {
    try Data().write(to: directory.appending("photo.png"))
    try Data().write(to: directory.appending(".hidden.png"))
    try FileManager.default.createDirectory(
      at: directory.appending("pictures"), withIntermediateDirectories: false)
    try Data().write(to: directory.appending("pictures/me.jpg"))
    #expect(candidates("card create image=p") == ["image=photo.png", "image=pictures/"])
    #expect(candidates("card create image=pictures/") == ["image=pictures/me.jpg"])
    #expect(candidates("card create image=.h") == ["image=.hidden.png"])
    let absolute = directory.url.path + "/pho"
    #expect(candidates("card create image=" + absolute) == ["image=" + absolute + "to.png"])
  }

  @Test func nothingInsideAQuote() {
    #expect(candidates("card create name='Kim").isEmpty)
  }

  private static let firstWords = [
    "card", "cards", "exit", "help", "log", "login", "logout", "quit", "sandbox", "whoami",
  ]
}
