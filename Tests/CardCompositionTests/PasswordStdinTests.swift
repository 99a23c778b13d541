import CardTestingPrimitives
import Foundation
import Testing

/// `--password-stdin`: a script's `login <userId>` reads its password from standard input.
@Suite("card-repl --password-stdin")
struct PasswordStdinTests {
  private let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test(.timeLimit(.minutes(1)))
  func theLeftOutPasswordIsTheNextLine() async throws {
    let finished = try await runCardREPL(
      ["--home", directory.appending("home").path, "--password-stdin"],
      input: "login demo\ndemo\nwhoami\n", in: directory.url)
    #expect(finished.stdout == "signed in as demo\ndemo\n")
    #expect(finished.stderr.isEmpty)
    #expect(finished.status == 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func withoutTheOptionAScriptMustGiveThePassword() async throws {
    let finished = try await runCardREPL(
      ["--home", directory.appending("home").path], input: "login demo\ndemo\n",
      in: directory.url)
    #expect(finished.stderr.hasPrefix("invalid: login needs a password here"))
    #expect(finished.status == 1)
  }
}
