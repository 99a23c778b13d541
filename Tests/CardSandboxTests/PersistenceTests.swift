import CardDataTesting
import CardTestingPrimitives
import Foundation
import Testing

@testable import CardSandbox

@Suite("Persistence")
struct PersistenceTests {
  @Test func aNewSandboxCreatesItsDatabaseAndSQLitesFilesBesideItWithMode0600() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try Sandbox(stateFile: directory.stateFile)
    _ = try await sandbox.login()
    let entries = try withExtendedLifetime(sandbox) { try directory.entries() }
    #expect(entries == ["state.json", "state.json-shm", "state.json-wal"])
    for name in entries {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: directory.appending(name).path)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
    let header = try FileHandle(forReadingFrom: directory.stateFile).read(upToCount: 16)
    #expect(header == Data("SQLite format 3\0".utf8))
  }

  @Test func aJSONStateFileOfFormat1IsMovedIntoTheDatabaseOnceAndKeptBesideIt() async throws {
    let directory = try TemporaryDirectory()
    let json = Data(StateFileV1Fixture.text(image: SampleImages.png()).utf8)
    try json.write(to: directory.stateFile)
    let session = Session(
      accessToken: StateFileV1Fixture.accessToken, refreshToken: StateFileV1Fixture.refreshToken)

    let first = try Sandbox(stateFile: directory.stateFile)
    #expect(try Data(contentsOf: directory.appending("state.json.v1.json")) == json)
    let cards = try ParsedEnvelope(try await first.handle("GET", "/cards", as: session)).objects()
    #expect(cards.map { $0["cardId"] as? String } == ["c5", "c1", "c2"])
    #expect(cards.first?["mbti"] as? String == "ESTJ")
    #expect(cards.first?["tmi"] as? [String] == ["a", "b", "c"])
    #expect(cards.first?["imageURL"] as? String == "/card/c5/image")
    #expect(try await first.handle("GET", "/card/c5/image", as: session).body == SampleImages.png())
    let created = try await first.handle(Requests.create(.minimal(), token: session.accessToken))
    #expect(try ParsedEnvelope(created).object()["cardId"] as? String == "c6")

    // Started again, the database is used as it is, the JSON kept aside not read again.
    let second = try Sandbox(stateFile: directory.stateFile)
    #expect(try await second.cardIds(token: session.accessToken) == ["c5", "c1", "c2", "c6"])
    #expect(try await second.refresh(session.refreshToken).refreshToken != session.refreshToken)
  }

  @Test func cardsOrderImagesIdsAndTheSessionSurviveARestart() async throws {
    let directory = try TemporaryDirectory()
    let clock = FakeWallClock()
    let first = try Sandbox(stateFile: directory.stateFile, clock: clock.now)
    let session = try await first.login()
    var form = TestForm.minimal(name: "최유나")
    form.file("image", filename: "me.png", contentType: "image/png", bytes: SampleImages.png())
    #expect(try await first.handle(Requests.create(form, token: session.accessToken)).status == 201)
    #expect(
      try await first.handle(Requests.reorder(["c4", "c2", "c1"], token: session.accessToken))
        .status == 200)
    #expect(
      try await first.handle("DELETE", "/card/c2", as: session)
        .status == 200)

    let second = try Sandbox(stateFile: directory.stateFile, clock: clock.now)
    let response = try await second.handle("GET", "/cards", as: session)
    #expect(response.status == 200)
    let cards = try ParsedEnvelope(response).objects()
    #expect(cards.map { $0["cardId"] as? String } == ["c4", "c1"])
    #expect(cards.first?["name"] as? String == "최유나")
    let image = try await second.handle("GET", "/card/c4/image", as: session)
    #expect(image.body == SampleImages.png())
    let next = try ParsedEnvelope(
      try await second.handle(Requests.create(.minimal(), token: session.accessToken))
    ).object()
    #expect(next["cardId"] as? String == "c5")

    // Expiry and rotation carry over too, with the spent refresh token's reuse interval.
    #expect(try await second.handle(Requests.refresh(session.refreshToken)).status == 200)
    let third = try Sandbox(stateFile: directory.stateFile, clock: clock.now)
    #expect(try await third.handle(Requests.refresh(session.refreshToken)).status == 200)
    clock.advance(by: .seconds(3600))
    #expect(try await third.handle(Requests.refresh(session.refreshToken)).status == 401)
    #expect(
      try await third.handle("GET", "/cards", as: session).status
        == 401)
  }

  @Test func logoutAndInjectedTokenFaultsAreSavedFaultsThemselvesAreNot() async throws {
    let directory = try TemporaryDirectory()
    let first = try Sandbox(stateFile: directory.stateFile)
    let session = try await first.login()
    try await first.revokeRefreshTokens()
    try await first.failNext(status: 503, count: 5)
    let second = try Sandbox(stateFile: directory.stateFile)
    #expect(await second.faults == .none)
    #expect(try await second.handle(Requests.refresh(session.refreshToken)).status == 401)
    #expect(
      try await second.handle("GET", "/cards", as: session).status
        == 200)
    try await second.expireAccessTokens()
    let third = try Sandbox(stateFile: directory.stateFile)
    #expect(
      try await third.handle("GET", "/cards", as: session).status
        == 401)
  }

  @Test(arguments: [
    ("not json", "it is neither an SQLite database nor a JSON state"),
    ("{not json", "it is not valid JSON"),
    (#"{"version": 1}"#, "the field cards is missing"),
    (#"{"version": "1"}"#, "the field version has the wrong type"),
    (
      #"{"version": 1, "cards": {"cards": {}, "order": {"demo": ["c1"]}, "nextCardNumber": 4}, "sessions": {"accessTokens": {}, "refreshTokens": {}}}"#,
      "the list of demo names card c1, which is not theirs"
    ),
  ])
  func aCorruptStateFileIsAnErrorNamingTheFileAndIsLeftUntouched(content: String, reason: String)
    throws
  {
    let directory = try TemporaryDirectory()
    try Data(content.utf8).write(to: directory.stateFile)
    #expect(throws: SandboxStateError.corrupt(path: directory.stateFile.path, reason: reason)) {
      try Sandbox(stateFile: directory.stateFile)
    }
    #expect(try Data(contentsOf: directory.stateFile) == Data(content.utf8))
  }

  @Test func aDatabaseOfANewerFormatIsReportedAsSuchAndLeftUntouched() throws {
    let directory = try TemporaryDirectory()
    _ = try Sandbox(stateFile: directory.stateFile)
    try SQLiteConnection(path: directory.stateFile.path).execute("PRAGMA user_version = 3")
    #expect(
      throws: SandboxStateError.unsupportedVersion(path: directory.stateFile.path, version: 3)
    ) {
      try Sandbox(stateFile: directory.stateFile)
    }
  }

  @Test func aNewerFormatVersionIsReportedAsSuch() throws {
    let directory = try TemporaryDirectory()
    try Data(#"{"version": 2, "whatever": true}"#.utf8).write(to: directory.stateFile)
    #expect(
      throws: SandboxStateError.unsupportedVersion(path: directory.stateFile.path, version: 2)
    ) {
      try Sandbox(stateFile: directory.stateFile)
    }
  }

  @Test func startFreshOverwritesACorruptFileWithTheSeedState() async throws {
    let directory = try TemporaryDirectory()
    try Data("garbage".utf8).write(to: directory.stateFile)
    let sandbox = try Sandbox(stateFile: directory.stateFile, startFresh: true)
    let session = try await sandbox.login()
    #expect(
      try await sandbox.handle("GET", "/card/c1", as: session).status
        == 200)
    _ = try Sandbox(stateFile: directory.stateFile)
  }

  @Test func resetRewritesTheFileWithTheSeedState() async throws {
    let directory = try TemporaryDirectory()
    let first = try Sandbox(stateFile: directory.stateFile)
    let session = try await first.login()
    #expect(
      try await first.handle("DELETE", "/card/c1", as: session)
        .status == 200)
    try await first.reset()
    let second = try Sandbox(stateFile: directory.stateFile)
    #expect(
      try await second.handle("GET", "/cards", as: session).status
        == 401)
    let again = try await second.login()
    #expect(try await second.cardIds(token: again.accessToken) == ["c1", "c2"])
  }

  @Test func aStateFailuresAnswerNamesNoPathItsDetailNamesTheDatabase() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try Sandbox(stateFile: directory.stateFile)
    let session = try await sandbox.login()
    // Unreadable for root too: another connection takes the cards' table away.
    let other = try SQLiteConnection(path: directory.stateFile.path)
    try other.execute("ALTER TABLE card RENAME TO card_elsewhere")
    let response = try await sandbox.handle("GET", "/cards", as: session)
    #expect(response.status == 500)
    let message = try ParsedEnvelope(response).message
    #expect(message.hasPrefix("the sandbox could not load its state: "))
    #expect(!message.contains(directory.url.path), "\(message)")
    #expect(response.failureDetail?.contains(directory.stateFile.path) == true)
  }

  @Test func aStateThatCannotBeSavedAnswers500AndChangesNothing() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try Sandbox(stateFile: directory.stateFile)
    let session = try await sandbox.login()
    // Unwritable for root too: another connection makes every deletion of a card fail.
    let other = try SQLiteConnection(path: directory.stateFile.path)
    try other.execute(
      "CREATE TRIGGER refuse BEFORE DELETE ON card BEGIN SELECT RAISE(ABORT, 'refused'); END")
    let response = try await sandbox.handle("DELETE", "/card/c1", as: session)
    #expect(response.status == 500)
    #expect(try ParsedEnvelope(response).message.hasPrefix("the sandbox could not save its state"))
    #expect(
      try await sandbox.handle("GET", "/card/c1", as: session).status
        == 200)
    await #expect(throws: SandboxStateError.self) { try await sandbox.reset() }
  }
}
