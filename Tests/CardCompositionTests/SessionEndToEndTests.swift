import CardComposition
import CardDomain
import CardREPL
import CardREPLTestSupport
import CardTestingPrimitives
import Foundation
import Testing

@Suite("Session over restarts, end to end on the sandbox")
struct SessionEndToEndTests {
  private let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  private func graph(_ sessionKey: AppConfiguration.SessionKey = .keyFile) throws -> AppGraph {
    try AppGraph(
      configuration: AppConfiguration(
        homeDirectory: home.url, sessionKey: sessionKey, retryBaseDelay: .zero)
    ) { _ in }
  }

  @Test func theSessionAndTheCardsSurviveARestart() async throws {
    let first = try graph()
    _ = try await first.services.signIn.execute(userID: "demo", password: "demo")
    let created = try await first.services.createCard.execute(CardDraft(name: "Kept"))

    let second = try graph()
    #expect(try await second.services.currentUser.execute()?.userID.rawValue == "demo")
    #expect(try await second.services.fetchCard.execute(id: created.id.rawValue).name == "Kept")
    #expect(try await second.services.signOut.execute() == .signedOut)

    let third = try graph()
    #expect(try await third.services.currentUser.execute() == nil)
  }

  @Test(.timeLimit(.minutes(1)))
  func aPassphraseOpensTheSessionAndAnotherPassphraseDoesNotSignOutSilently() async throws {
    let first = try graph(.passphrase("correct horse"))
    _ = try await first.services.signIn.execute(userID: "demo", password: "demo")
    #expect(try await graph(.passphrase("correct horse")).services.currentUser.execute() != nil)

    let wrong = try graph(.passphrase("battery staple"))
    await #expect(throws: CardError.self) { try await wrong.services.currentUser.execute() }
    let console = CapturingConsole()
    let session = REPLSession(
      services: wrong.services, console: console, mode: .human(HumanRenderer()),
      workingDirectory: home.url)
    _ = await session.execute("whoami")
    #expect(console.error.hasPrefix("signedOut: the stored session cannot be used"))
    _ = await session.execute("logout")
    #expect(console.output.hasPrefix("signed out; the unreadable session store was moved to "))
    _ = await session.execute("login demo demo")
    #expect(console.output.hasSuffix("signed in as demo\n"))
  }

  @Test(.timeLimit(.minutes(1)))
  func ctrlCCancelsASlowSandboxRequestAndTheREPLGoesOn() async throws {
    // The request log writes a request's `attempt` line just before it hands the request to
    // the sandbox: once that line is written, the command is running and its request is in
    // flight.
    let sent = Tally()
    let graph = try AppGraph(
      configuration: AppConfiguration(homeDirectory: home.url, retryBaseDelay: .zero)
    ) { line in
      if line.contains(" attempt 1 headers: ") { sent.increment() }
    }
    let console = CapturingConsole()
    let interrupts = InterruptController()
    let session = REPLSession(
      services: graph.services, console: console, mode: .human(HumanRenderer()),
      workingDirectory: home.url, interrupts: interrupts)
    _ = await session.execute("login demo demo")
    // Ten minutes, longer than the test's safety limit: only the interrupt can end it in time.
    _ = await session.execute("sandbox latency 600000")
    _ = await session.execute("log on")
    let slow = Task { await session.execute("cards") }
    try await sent.wait(forAtLeast: 1)
    #expect(interrupts.interrupt())
    let outcome = await slow.value
    #expect(outcome?.succeeded == false)
    #expect(console.error == "cancelled\n")
    _ = await session.execute("sandbox latency 0")
    #expect(await session.execute("whoami")?.succeeded == true)
  }
}
