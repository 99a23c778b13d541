import CardDomain
import CardREPL
import CardREPLTestSupport
import Foundation
import Testing

@Suite("Human renderer")
struct HumanRendererTests {
  private let renderer = HumanRenderer()

  @Test func cardIsABlockOfItsFieldsEndingWithAnEmptyLine() throws {
    let text = renderer.output(.card(try sampleCard()))
    #expect(
      text == """
        id             c1
        name           Kim Minji
        title          SOPT 29th iOS
        birthday       1999-03-02
        mbti           INFP
        instagram      minji.dev
        link           https://example.com/minji
        description    iOS developer
        default image  2
        image URL      /card/c1/image
        tmi            likes coffee
        tmi            runs marathons


        """)
  }

  @Test func absentFieldsAreLeftOut() throws {
    let card = Card(id: try CardID("c9"), owner: try UserID("demo"), name: "Only Name")
    #expect(
      renderer.output(.card(card))
        == "id             c9\nname           Only Name\ndefault image  0\n\n")
  }

  @Test func controlCharactersFromTheServerAreShownEscaped() throws {
    var card = try sampleCard()
    card.name = "evil\u{1B}[2Jname"
    card.description = "two\nlines"
    let text = renderer.output(.card(card))
    #expect(!text.contains("\u{1B}"))
    #expect(text.contains(#"evil\u{1B}[2Jname"#))
    #expect(text.contains("two\n               lines"))
  }

  @Test func failuresShowResultMessageAndStatus() {
    #expect(
      renderer.failure(CommandFailure(.requestErr(message: "card c9 not found", status: 404)))
        == "requestErr: card c9 not found (404)\n")
    #expect(
      renderer.failure(CommandFailure(.serverErr(status: 503, message: nil)))
        == "serverErr: the server failed (503)\n")
    #expect(
      renderer.failure(CommandFailure(.pathErr(reason: "data is null")))
        == "pathErr: the reply does not match the contract: data is null\n")
    #expect(
      renderer.failure(CommandFailure(.networkFail(reason: "the sandbox is offline")))
        == "networkFail: the sandbox is offline\n")
    #expect(
      renderer.failure(CommandFailure(.signedOut)) == "signedOut: not signed in; use login first\n")
    #expect(
      renderer.failure(CommandFailure(.invalidInput(.emptyName)))
        == "invalid: name must not be empty\n")
    #expect(renderer.failure(.cancelled) == "cancelled\n")
  }

  @Test func notesAreOneLine() {
    #expect(renderer.note(.accessTokenRefreshed) == "note: access token refreshed\n")
    #expect(renderer.note(.finishedAfter(attempts: 3)) == "")
  }

  @Test(arguments: [
    (Duration.milliseconds(500), "0.5"), (.seconds(1), "1"), (.milliseconds(1250), "1.25"),
    (.milliseconds(10), "0.01"), (.zero, "0"),
  ])
  func retryNotesSayWhatFailedAndHowLongTheWaitIs(delay: Duration, seconds: String) {
    let note = SessionNote.retrying(
      method: "GET", path: "/cards", cause: "answered 503", delay: delay, retry: 1, limit: 2)
    #expect(
      renderer.note(note)
        == "note: GET /cards answered 503; retrying in \(seconds) s (1 of 2)\n")
  }

  @Test func aFailureInAScriptFileSaysWhere() {
    let failure = CommandFailure(.requestErr(message: "card c9 not found", status: 404))
    let location = ScriptLocation(source: "script.txt", line: 3)
    #expect(
      renderer.failure(failure, at: location)
        == "script.txt:3: requestErr: card c9 not found (404)\n")
    let json = JSONRenderer.line(
      command: "card get", outcome: .failure(failure), location: location, attempts: 3)
    #expect(json.hasSuffix(#""status": 404, "line": 3, "attempts": 3}"#))
  }

  @Test func coloursOnlyWhenEnabled() {
    let coloured = HumanRenderer(errorStyle: TextStyle(isEnabled: true))
    #expect(coloured.failure(.cancelled) == "\u{1B}[31mcancelled\u{1B}[0m\n")
    #expect(!renderer.failure(.cancelled).contains("\u{1B}"))
  }

  @Test func emptyListsSaySo() {
    #expect(renderer.output(.cards([])) == "no cards\n")
    #expect(renderer.output(.exit) == "")
  }
}

@Suite("Colour policy")
struct TextStyleTests {
  @Test func coloursOnATerminalOnly() {
    #expect(TextStyle.forStream(isTerminal: true, environment: [:]).isEnabled)
    #expect(!TextStyle.forStream(isTerminal: false, environment: [:]).isEnabled)
  }

  @Test func noColourWheneverNO_COLORIsSetWhateverItsValue() {
    for value in ["1", "", "0", "false"] {
      #expect(!TextStyle.forStream(isTerminal: true, environment: ["NO_COLOR": value]).isEnabled)
    }
  }
}

@Suite("JSON renderer")
struct JSONRendererTests {
  private func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  @Test func successLineHasCommandOkResultAndData() throws {
    let line = JSONRenderer.line(
      command: "whoami", outcome: .success(.currentUser(try UserID("demo"))))
    #expect(
      line == #"{"command": "whoami", "ok": true, "result": "success", "data": {"userId": "demo"}}"#
    )
  }

  @Test func failureLineHasMessageAndStatusOnlyWhenThereIsOne() throws {
    let rejected = JSONRenderer.line(
      command: "card get",
      outcome: .failure(CommandFailure(.requestErr(message: "card c9 not found", status: 404))))
    #expect(
      rejected
        == #"{"command": "card get", "ok": false, "result": "requestErr", "message": "card c9 not found", "status": 404}"#
    )
    let offline = try object(
      JSONRenderer.line(
        command: "cards", outcome: .failure(CommandFailure(.networkFail(reason: "offline")))))
    #expect(offline["status"] == nil)
    #expect(offline["result"] as? String == "networkFail")
  }

  /// A server's message printed raw in a JSON line: RFC 8259 lets C1 controls through, and a
  /// terminal showing the line obeys U+009B (CSI) as it does ESC [.
  @Test func c1ControlsAreEscapedLikeC0Ones() throws {
    let message = "a\u{9B}31m\u{1B}b\u{85}c\u{7F}"
    let line = JSONRenderer.line(
      command: "cards",
      outcome: .failure(CommandFailure(.requestErr(message: message, status: 400))))
    #expect(line.contains(#""message": "a\u009b31m\u001bb\u0085c\u007f""#))
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(try object(line)["message"] as? String == message)
  }

  @Test func cancellationIsNetworkFailSayingCancelled() throws {
    let line = try object(JSONRenderer.line(command: "cards", outcome: .failure(.cancelled)))
    #expect(line["result"] as? String == "networkFail")
    #expect(line["message"] as? String == "cancelled")
  }

  @Test func unparsableLineHasANullCommand() throws {
    let line = JSONRenderer.line(
      command: nil, outcome: .failure(CommandFailure(UsageError(command: nil, "unterminated"))))
    #expect(line.hasPrefix(#"{"command": null, "ok": false, "result": "invalid""#))
  }

  @Test func cardDataUsesTheContractsFieldNames() throws {
    let line = try object(
      JSONRenderer.line(command: "card get", outcome: .success(.card(try sampleCard()))))
    let data = try #require(line["data"] as? [String: Any])
    #expect(
      Set(data.keys) == [
        "cardId", "userId", "title", "name", "birthday", "mbti", "instagram", "linkURL",
        "description", "defaultImage", "imageURL", "tmi",
      ])
    #expect(data["defaultImage"] as? Int == 2)
    #expect(data["tmi"] as? [String] == ["likes coffee", "runs marathons"])
  }

  @Test func stringsAreEscaped() throws {
    var card = try sampleCard()
    card.name = "quote \" backslash \\ newline \n bell \u{7} 이름"
    let line = JSONRenderer.line(command: "card get", outcome: .success(.card(card)))
    #expect(!line.contains("\n"))
    let data = try #require(try object(line)["data"] as? [String: Any])
    #expect(data["name"] as? String == card.name)
    #expect(line.contains(#"\u0007"#))
  }

  @Test func loginDataIsTheUserOnly() throws {
    let line = JSONRenderer.line(command: "login", outcome: .success(.signedIn(try UserID("demo"))))
    #expect(line.hasSuffix(#""data": {"userId": "demo"}}"#))
  }
}

@Suite("Card errors as results")
struct CommandFailureTests {
  @Test func everyCardErrorHasAResult() {
    let cases: [(CardError, ResultKind, Int?)] = [
      (.requestErr(message: "m", status: 400), .requestErr, 400),
      (.pathErr(reason: "r"), .pathErr, nil),
      (.serverErr(status: 502, message: nil), .serverErr, 502),
      (.networkFail(reason: "r"), .networkFail, nil),
      (.signedOut, .signedOut, nil),
      (.sessionExpired(reason: "refused"), .signedOut, nil),
      (.invalidInput(.emptyName), .invalid, nil),
      (.credentialStorage(reason: "tampered"), .signedOut, nil),
      (.cancelled, .networkFail, nil),
    ]
    for (error, result, status) in cases {
      let failure = CommandFailure(error)
      #expect(failure.result == result, "\(error)")
      #expect(failure.status == status, "\(error)")
    }
  }

  /// The store's message names the step that mends it; the REPL adds none that may not work.
  @Test func anUnreadableStoreSaysSoInTheStoresWords() {
    let failure = CommandFailure(.credentialStorage(reason: "it was tampered with. Do this"))
    #expect(failure.message == "the stored session cannot be used: it was tampered with. Do this")
  }

  @Test func onlyCancellationIsMarkedAsOne() {
    #expect(CommandFailure(.cancelled).isCancellation)
    #expect(!CommandFailure(.networkFail(reason: "cancelled")).isCancellation)
  }
}
