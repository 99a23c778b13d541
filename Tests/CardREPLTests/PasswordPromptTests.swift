import CardDomain
import CardDomainTesting
import CardREPL
import CardREPLTestSupport
import Foundation
import Testing

@Suite("A login without its password")
struct PasswordPromptTests {
  private let console = CapturingConsole()

  private func run(_ lines: [String], passwords: (any PasswordSource)?, auth: SpyAuthRepository)
    async
  {
    let session = REPLSession(
      services: fakeServices(auth: auth), console: console, mode: .human(HumanRenderer()),
      workingDirectory: URL(fileURLWithPath: "/work/dir"), passwords: passwords)
    _ = await session.run(ScriptLineSource(lines: lines))
  }

  @Test func asksThePasswordSourceAndSignsIn() async throws {
    let auth = SpyAuthRepository()
    let passwords = FakePasswordSource(.success("demo"))
    await run(["login demo"], passwords: passwords, auth: auth)
    #expect(passwords.promptsShown == ["Password: "])
    #expect(auth.calls == [.signIn(try UserID("demo"))])
    #expect(console.output == "signed in as demo\n")
  }

  @Test func aPasswordOnTheLineIsNotAskedFor() async {
    let passwords = FakePasswordSource(.success("other"))
    await run(["login demo demo"], passwords: passwords, auth: SpyAuthRepository())
    #expect(passwords.promptsShown.isEmpty)
  }

  @Test func controlCAtThePasswordPromptCancelsTheLogin() async {
    let auth = SpyAuthRepository()
    await run(["login demo"], passwords: FakePasswordSource(.failure(.cancelled)), auth: auth)
    #expect(auth.calls.isEmpty)
    #expect(console.error == "cancelled\n")
  }

  @Test func withoutAPasswordSourceTheLoginIsRefused() async {
    let auth = SpyAuthRepository()
    await run(["login demo"], passwords: nil, auth: auth)
    #expect(auth.calls.isEmpty)
    #expect(
      console.error
        == "invalid: login needs a password here: give it after the user id, "
        + "or on standard input with card-repl --password-stdin\n")
  }
}
