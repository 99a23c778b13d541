import CardComposition
import CardREPL
import CardREPLTestSupport
import CardTestingPrimitives
import Foundation
import LoopbackHTTPTestServer
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the user sees when the session store cannot keep or reach a session: a login is
/// reported as failed, never as a success that the next command cannot use, and a session
/// directory that others may write into is refused by every command alike.
@Suite("The session store's limits, seen from the REPL")
struct SessionStoreLimitsTests {
  private let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  private func session(_ configuration: AppConfiguration) throws -> (REPLSession, CapturingConsole)
  {
    let graph = try AppGraph(configuration: configuration) { _ in }
    let console = CapturingConsole()
    let session = REPLSession(
      services: graph.services, console: console, mode: .human(HumanRenderer()),
      workingDirectory: home.url)
    return (session, console)
  }

  /// A login reply whose access token is 70 KB: its sealed file would exceed the 64 KiB that
  /// the store reads.
  @Test(.timeLimit(.minutes(1)))
  func aLoginWhoseTokensTheStoreCannotKeepFails() async throws {
    let token =
      #"{"accessToken": "at_\#(String(repeating: "a", count: 70_000))", "#
      + #""refreshToken": "rt_r", "expiresIn": 3600}"#
    let body = #"{"status": 200, "success": true, "message": "ok", "data": \#(token)}"#
    let server = try LoopbackHTTPServer { _ in
      .respond(
        status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
    }
    defer { server.stop() }
    let (session, console) = try session(
      AppConfiguration(
        backend: .server(server.url("")), homeDirectory: home.url, retryBaseDelay: .zero))

    let login = await session.execute("login demo demo")
    #expect(login?.succeeded == false)
    _ = await session.execute("whoami")
    let lines = console.error.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(
      lines.first?.hasPrefix(
        "pathErr: the reply does not match the contract: the session's tokens are too large to "
          + "keep") == true, "\(lines)")
    #expect(lines.first?.contains("aaaa") == false)
    #expect(lines.last == "signedOut: not signed in; use login first")
    #expect(console.output.isEmpty)
  }

  /// `whoami` and `logout` give the same refusal, and `logout` revokes nothing on the server:
  /// once the directory is private again, the session still works.
  @Test(.timeLimit(.minutes(1)))
  func aSessionDirectoryOthersMayWriteIsRefusedAlikeBySigningOutAndReading() async throws {
    let configuration = AppConfiguration(homeDirectory: home.url, retryBaseDelay: .zero)
    let (session, console) = try session(configuration)
    _ = await session.execute("login demo demo")
    let directory = configuration.sessionDirectory.path
    guard chmod(directory, 0o777) == 0 else { throw FixtureFailure("chmod \(directory)") }

    let whoami = await session.execute("whoami")
    let logout = await session.execute("logout")
    #expect(whoami?.succeeded == false)
    #expect(logout?.succeeded == false)
    let refusal = "\(directory) is writable by other users (mode 0777); make it 0700"
    let lines = console.error.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.contains(refusal) }, "\(lines)")

    guard chmod(directory, 0o700) == 0 else { throw FixtureFailure("chmod \(directory)") }
    let cards = await session.execute("cards")
    #expect(cards?.succeeded == true)
  }

  enum Impostor: String, CaseIterable, Sendable {
    case symbolicLink, fifo, directory
  }

  /// `logout` ends a session whose sealed file was replaced by something that is not a file,
  /// setting it aside without following a link.
  @Test(.timeLimit(.minutes(1)), arguments: Impostor.allCases)
  func logoutSetsAsideWhatStandsInTheSealedFilesPlace(_ impostor: Impostor) async throws {
    let configuration = AppConfiguration(homeDirectory: home.url, retryBaseDelay: .zero)
    let (session, console) = try session(configuration)
    _ = await session.execute("login demo demo")
    let sealed = configuration.sessionDirectory.appendingPathComponent("credential.sealed").path
    let target = home.appending("target")
    try Data("kept".utf8).write(to: target)
    try FileManager.default.removeItem(atPath: sealed)
    switch impostor {
    case .symbolicLink:
      try FileManager.default.createSymbolicLink(atPath: sealed, withDestinationPath: target.path)
    case .fifo:
      guard mkfifo(sealed, 0o600) == 0 else { throw FixtureFailure("mkfifo \(sealed)") }
    case .directory:
      try FileManager.default.createDirectory(atPath: sealed, withIntermediateDirectories: false)
    }

    let logout = await session.execute("logout")
    #expect(logout?.succeeded == true, "\(console.error)")
    #expect(
      console.output.hasSuffix(
        "signed out; the unreadable session store was moved to \(sealed).corrupt\n"),
      "\(console.output)")
    #expect(try Data(contentsOf: target) == Data("kept".utf8))
    #expect(await session.execute("whoami")?.succeeded == false)
    #expect(await session.execute("login demo demo")?.succeeded == true)
  }
}

private struct FixtureFailure: Error {
  let step: String
  init(_ step: String) { self.step = step }
}
