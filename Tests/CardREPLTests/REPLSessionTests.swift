import CardDomain
import CardDomainTesting
import CardREPL
import CardREPLTestSupport
import CardTestingPrimitives
import Foundation
import Testing

/// An auth repository whose kept session cannot be read, as a tampered store.
private func unreadableSession() -> SpyAuthRepository {
  let auth = SpyAuthRepository()
  auth.setFailure(.credentialStorage(reason: "tampered"), for: [.currentUser])
  return auth
}

@Suite("REPL session with fakes")
struct REPLSessionTests {
  private let console = CapturingConsole()

  private func session(_ services: REPLServices, json: Bool = false) -> REPLSession {
    REPLSession(
      services: services, console: console, mode: json ? .json : .human(HumanRenderer()),
      workingDirectory: URL(fileURLWithPath: "/work/dir"))
  }

  @Test func scriptRunsEveryLineAndCountsFailures() async throws {
    let services = fakeServices(
      auth: SpyAuthRepository(user: SignedInUser(userID: try UserID("demo"))))
    let summary = await session(services).run(
      ScriptLineSource(lines: ["whoami", "", "cardz", "# note", "whoami"]))
    #expect(summary.commands == 3 && summary.failures == 1)
    #expect(summary.scriptExitStatus == 1)
    #expect(console.output == "demo\ndemo\n")
    #expect(console.error == "invalid: unknown command 'cardz'; did you mean 'cards'?\n")
  }

  @Test func exitStopsTheScript() async {
    let summary = await session(fakeServices()).run(ScriptLineSource(lines: ["exit", "cardz"]))
    #expect(summary.commands == 1 && summary.failures == 0)
    #expect(console.error.isEmpty)
  }

  @Test func notesArePrintedOnStandardErrorBeforeTheResult() async {
    let notes = SessionNotes()
    notes.post(.accessTokenRefreshed)
    _ = await session(fakeServices(notes: notes), json: true).execute("whoami")
    let writes = console.writes
    #expect(writes.count == 2)
    #expect(writes.first == .error("note: access token refreshed\n"))
    guard case .output(let result)? = writes.last else {
      Issue.record("the result was not printed after the note: \(writes)")
      return
    }
    #expect(result.hasPrefix(#"{"command": "whoami", "ok": false"#))
  }

  @Test func aSandboxCommandCancelledWhileWaitingSaysCancelled() async {
    let summary = await session(fakeServices(sandbox: CancelledSandboxControls()))
      .run(ScriptLineSource(lines: ["sandbox reset"]))
    #expect(summary.failures == 1)
    #expect(console.error == "cancelled\n")
  }

  @Test func logSwitchFollowsTheCommand() async {
    let log = RequestLogSwitch()
    let repl = session(fakeServices(requestLog: log))
    _ = await repl.execute("log on")
    #expect(log.isEnabled)
    _ = await repl.execute("log off")
    #expect(!log.isEnabled)
    #expect(console.output == "request log on\nrequest log off\n")
  }

  @Test func sandboxCommandsReachTheControls() async {
    let controls = FakeSandboxControls()
    let repl = session(fakeServices(sandbox: controls))
    for line in [
      "sandbox fail 503 2", "sandbox offline on", "sandbox latency 150", "sandbox reset",
    ] {
      _ = await repl.execute(line)
    }
    #expect(controls.calls == ["fail 503 2", "offline true", "latency 0.15 seconds", "reset"])
    #expect(
      console.output
        == "sandbox: the next 2 requests answer 503\nsandbox: offline\nsandbox: latency 150 ms\n"
        + "sandbox: reset to the seed cards; every session ended, every fault cleared\n")
  }

  @Test func sandboxCommandsNeedTheSandbox() async {
    let outcome = await session(fakeServices(sandbox: nil)).execute("sandbox expire-token")
    #expect(outcome?.succeeded == false)
    #expect(console.error == "invalid: sandbox commands need the sandbox backend\n")
  }

  @Test func logoutSaysWhereAnUnreadableStoreWasSetAside() async {
    let auth = unreadableSession()
    auth.setSignOutOutcome(
      .unreadableSessionSetAside(at: "/home/session/credential.sealed.corrupt"))
    let outcome = await session(fakeServices(auth: auth)).execute("logout")
    #expect(outcome?.succeeded == true)
    #expect(auth.calls == [.currentUser, .signOut])
    #expect(
      console.output
        == "signed out; the unreadable session store was moved to /home/session/credential.sealed.corrupt\n"
    )
  }

  @Test func logoutOfAnUnreadableStoreThatWasDiscardedSaysSignedOut() async {
    let auth = unreadableSession()
    let outcome = await session(fakeServices(auth: auth)).execute("logout")
    #expect(outcome?.succeeded == true)
    #expect(auth.calls == [.currentUser, .signOut])
    #expect(console.output == "signed out\n")
  }

  @Test func logoutFailsWhenTheStoreCanNeitherBeSetAsideNorCleared() async {
    let auth = unreadableSession()
    auth.setFailure(.credentialStorage(reason: "tampered"), for: [.currentUser, .signOut])
    let outcome = await session(fakeServices(auth: auth)).execute("logout")
    #expect(outcome?.succeeded == false)
    #expect(console.error.hasPrefix("signedOut: the stored session cannot be used: tampered"))
  }

  @Test func aStoreThatCannotBeUsedEndsWithTheStepThatMendsIt() async {
    let auth = unreadableSession()
    auth.setFailure(.credentialStorage(reason: "tampered"), for: [.currentUser, .signOut])
    auth.setFailure(.requestErr(message: "wrong password", status: 401), for: [.signIn])
    let services = REPLServices(
      cards: SpyCardRepository(), auth: auth, sandbox: nil, requestLog: RequestLogSwitch(),
      notes: SessionNotes(), backendName: "fake",
      storeAdvice: { signingOut in signingOut ? "Try again" : "Run logout" })
    let repl = session(services)
    _ = await repl.execute("whoami")
    _ = await repl.execute("logout")
    _ = await repl.execute("login demo demo")
    #expect(
      console.error == """
        signedOut: the stored session cannot be used: tampered. Run logout
        signedOut: the stored session cannot be used: tampered. Try again
        requestErr: wrong password (401)

        """)
  }

  @Test func logoutOfAReadableSessionSaysSignedOut() async throws {
    let auth = SpyAuthRepository(user: SignedInUser(userID: try UserID("demo")))
    let repl = session(fakeServices(auth: auth))
    _ = await repl.execute("logout")
    #expect(auth.calls == [.currentUser, .signOut])
    #expect(console.output == "signed out\n")
    #expect(await repl.execute("logout")?.succeeded == false)
    #expect(console.error == "signedOut: not signed in; use login first\n")
  }

  @Test func anUnreadableStoreIsNeverSilentlySignedOut() async {
    let repl = session(fakeServices(auth: unreadableSession()))
    _ = await repl.execute("whoami")
    #expect(console.error.contains("the stored session cannot be used: tampered"))
    #expect(await repl.prompt() == "card-repl [fake] (session unreadable)> ")
  }

  @Test func promptShowsBackendAndUser() async throws {
    let auth = SpyAuthRepository()
    let repl = session(fakeServices(auth: auth))
    #expect(await repl.prompt() == "card-repl [fake]> ")
    _ = await repl.execute("login demo demo")
    #expect(await repl.prompt() == "card-repl [fake] demo> ")
  }

  @Test func relativeImagePathsStartAtTheWorkingDirectory() async throws {
    let directory = try TemporaryDirectory()
    let image = try directory.write(onePixelPNG, to: "me.png")
    let cards = SpyCardRepository()
    let repl = REPLSession(
      services: fakeServices(cards: cards), console: console, mode: .json,
      workingDirectory: directory.url)
    _ = await repl.execute("card create name=Me image=me.png")
    guard case .create(let draft) = cards.calls.first else {
      Issue.record("no card was created: \(console.output)")
      return
    }
    #expect(draft.image?.source == .file(image, byteCount: Int64(onePixelPNG.count)))
    #expect(draft.image?.mimeType == .png)
  }

  @Test func searchPrintsTheMatchesAndRefusesAnInvalidMBTIBeforeTheRepository() async throws {
    let minji = try sampleCard(id: "c1")
    let cards = SpyCardRepository(cards: [minji, try sampleCard(id: "c2", name: "이서준")])
    let session = session(fakeServices(cards: cards))
    _ = await session.execute("cards search 서준")
    #expect(console.output.hasPrefix("id             c2\nname           이서준\n"))
    _ = await session.execute("cards search nobody")
    #expect(console.output.hasSuffix("\nno cards\n"))
    _ = await session.execute("cards search mbti=XXXX")
    #expect(
      console.error == "invalid: mbti must be four letters from E/I, S/N, T/F, J/P, not 'XXXX'\n")
    #expect(
      cards.calls == [.search(try CardSearch(text: "서준")), .search(try CardSearch(text: "nobody"))])
  }

  @Test func invalidDraftIsRejectedBeforeTheRepository() async {
    let cards = SpyCardRepository()
    _ = await session(fakeServices(cards: cards)).execute("card create name=A mbti=XXXX")
    #expect(cards.calls.isEmpty)
    #expect(console.error.hasPrefix("invalid: mbti must be"))
  }
}

@Suite("Ctrl-C cancels the running command", .timeLimit(.minutes(1)))
struct InterruptTests {
  @Test func interruptCancelsTheCommandAndTheREPLGoesOn() async throws {
    let console = CapturingConsole()
    let cards = HangingCardRepository()
    let interrupts = InterruptController()
    let services = fakeServices(
      cards: cards, auth: SpyAuthRepository(user: SignedInUser(userID: try UserID("demo"))))
    let session = REPLSession(
      services: services, console: console, mode: .human(HumanRenderer()),
      workingDirectory: URL(fileURLWithPath: "/"), interrupts: interrupts)

    let run = Task { await session.run(ScriptLineSource(lines: ["cards", "whoami"])) }
    try await cards.started.wait(forAtLeast: 1)
    var announced = false
    #expect(interrupts.interrupt { announced = true })
    #expect(announced)
    let summary = await run.value

    #expect(console.error == "cancelled\n")
    #expect(console.output == "demo\n")
    #expect(summary.commands == 2 && summary.failures == 1)
  }

  @Test func interruptWithNoCommandRunningDoesNothing() {
    var announced = false
    #expect(!InterruptController().interrupt { announced = true })
    #expect(!announced)
  }

  @Test func inJSONModeACancelledCommandIsNetworkFail() async throws {
    let console = CapturingConsole()
    let cards = HangingCardRepository()
    let interrupts = InterruptController()
    let session = REPLSession(
      services: fakeServices(cards: cards), console: console, mode: .json,
      workingDirectory: URL(fileURLWithPath: "/"), interrupts: interrupts)
    let run = Task { await session.execute("cards") }
    try await cards.started.wait(forAtLeast: 1)
    interrupts.interrupt()
    _ = await run.value
    #expect(
      console.output
        == #"{"command": "cards", "ok": false, "result": "networkFail", "message": "cancelled"}"#
        + "\n")
  }
}

/// Sandbox controls whose every command is cancelled while it waits for the sandbox.
private struct CancelledSandboxControls: SandboxControlling {
  func run(_ command: SandboxCommand) async throws(CommandFailure) -> SandboxFaultSummary {
    throw .cancelled
  }
}
