import CardTestingPrimitives
import Foundation
import Testing

/// Keys as a terminal sends them.
private enum Key {
  static let enter = "\r"
  static let tab = "\t"
  static let up = "\u{1B}[A"
  static let altB = "\u{1B}b"
  static let altF = "\u{1B}f"
  static let controlLeft = "\u{1B}[1;5D"
  static let controlA = "\u{01}"
  static let controlB = "\u{02}"
  static let controlC = "\u{03}"
  static let controlD = "\u{04}"
  static let controlL = "\u{0C}"
  static let controlR = "\u{12}"
  static let controlT = "\u{14}"
  static let controlW = "\u{17}"
  static let controlY = "\u{19}"
  static let backspace = "\u{7F}"
}

/// The built `card-repl` on a pseudo-terminal of 40 columns, driven key by key as a person
/// types: every step waits for what the program writes (the prompt, a result), never for time.
/// Keys are typed at a prompt only: typed during a command, they would meet the terminal's own
/// line discipline, as they do for a person typing ahead.
@Suite("card-repl on a terminal", .serialized)
struct TerminalTests {
  private let directory: TemporaryDirectory
  private let prompt = "card-repl [sandbox]> "
  private let demoPrompt = "card-repl [sandbox] demo> "

  init() throws { directory = try TemporaryDirectory() }

  private var home: URL { directory.appending("home") }

  /// `card-repl` with `options` before its `--home`.
  private func start(terminalType: String = "xterm", options: [String] = []) async throws
    -> PseudoTerminal
  {
    let terminal = try PseudoTerminal(
      try CardREPLBinary.url(), options + ["--home", home.path],
      environment: ["HOME": directory.url.path, "TERM": terminalType, "LANG": "C.UTF-8"])
    // Signed in or not: the session outlives the process.
    try await terminal.wait(for: "> ")
    return terminal
  }

  /// Types `keys` at the prompt, waits for `expected`, then for the next prompt.
  private func enter(_ keys: String, _ terminal: PseudoTerminal, expecting expected: String)
    async throws
  {
    terminal.type(keys)
    try await terminal.wait(for: expected)
    try await terminal.wait(for: "> ")
  }

  @Test(.timeLimit(.minutes(2)))
  func historySurvivesTheRunWithoutLoginLines() async throws {
    // A file saved by an earlier build may hold a login line: it leaves the file at the start.
    let file = home.appendingPathComponent("history")
    try FileManager.default.createDirectory(
      at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try Data("LOGIN demo s3cretOld\nhelp log\n".utf8).write(to: file)
    let first = try await start()
    try await enter("help whoami" + Key.enter, first, expecting: "show the signed-in user")
    // Mistyped logins hold passwords too.
    try await enter(
      "logni demo s3cretTypo" + Key.enter, first, expecting: "did you mean 'login'?")
    try await enter(
      "LOGIN demo s3cretUpper" + Key.enter, first, expecting: "did you mean 'login'?")
    try await enter("login demo demo" + Key.enter, first, expecting: "signed in as demo")
    // In memory: Up skips the login lines.
    try await enter(Key.up + Key.enter, first, expecting: "show the signed-in user")
    first.type(Key.controlD)
    #expect(await first.exitStatus() == 0)

    #expect(try String(contentsOf: file, encoding: .utf8) == "help log\nhelp whoami\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

    let second = try await start()
    try await enter(Key.up + Key.enter, second, expecting: "show the signed-in user")
    second.type(Key.controlD)
    #expect(await second.exitStatus() == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func tabCompletesCommandsTopicsKeysValuesIdsAndPaths() async throws {
    try Data("not an image".utf8).write(to: directory.appending("photo.png"))
    let terminal = try await start()
    try await enter(
      "help sandbox la" + Key.tab + Key.enter, terminal, expecting: "At most 600000 ms")
    try await enter(
      "lo" + Key.tab + "i" + Key.tab + "demo demo" + Key.enter, terminal,
      expecting: "signed in as demo")
    try await enter("cards" + Key.enter, terminal, expecting: "c2")
    terminal.type("card g" + Key.tab + "c" + Key.tab)
    try await terminal.wait(for: "c1  c2")
    try await enter("2" + Key.enter, terminal, expecting: "c2")
    let path = directory.url.path + "/pho"
    terminal.type("card create na" + Key.tab + "Kim mb" + Key.tab + "INF" + Key.tab)
    try await terminal.wait(for: "mbti=INFJ  mbti=INFP")
    try await enter(
      "P image=" + path + Key.tab + Key.enter, terminal,
      expecting: "image '\(directory.url.path)/photo.png' is not a JPEG or PNG file")
    terminal.type(Key.controlD)
    #expect(await terminal.exitStatus() == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func wordMotionsAndReverseSearch() async throws {
    let terminal = try await start()
    // Alt-b twice to the start, Alt-f over `help`: the word goes in between.
    try await enter(
      "help latency" + Key.altB + Key.altB + Key.altF + " sandbox" + Key.enter, terminal,
      expecting: "At most 600000 ms")
    try await enter(
      "sandbox whoami" + Key.controlLeft + Key.controlLeft + "help " + Key.enter, terminal,
      expecting: "there is no command 'sandbox whoami'")
    try await enter("help log" + Key.enter, terminal, expecting: "Tokens, passwords")
    try await enter(Key.controlR + "latency" + Key.enter, terminal, expecting: "At most 600000 ms")
    terminal.type(Key.controlD)
    #expect(await terminal.exitStatus() == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func transposeKillYankAndClear() async throws {
    let terminal = try await start()
    try await enter(
      "help whoaim" + Key.controlT + Key.enter, terminal,
      expecting: "show the signed-in user")
    // Ctrl-W kills `help`, Ctrl-A goes home, Ctrl-Y yanks it back there.
    try await enter(
      "whoami help" + Key.controlW + Key.controlA + Key.controlY + " " + Key.enter, terminal,
      expecting: "show the signed-in user")
    terminal.type(Key.controlL)
    try await terminal.wait(for: "\u{1B}[2J")
    try await terminal.wait(for: "> ")
    terminal.type(Key.controlD)
    #expect(await terminal.exitStatus() == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func aDumbTerminalGetsNoEscapeSequences() async throws {
    let terminal = try await start(terminalType: "dumb")
    terminal.type("cardz" + Key.enter)
    let shown = try await terminal.wait(for: "unknown command 'cardz'")
    let prompt = try await terminal.wait(for: "> ")
    #expect(!(shown + prompt).contains("\u{1B}"), "\(shown + prompt)")
    terminal.type(Key.controlD)
    #expect(await terminal.exitStatus() == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func wideTextIsEditedByCharacter() async throws {
    let terminal = try await start()
    // 21 columns of prompt, 5 of `help `, then 42 of Hangul: the line wraps inside a word.
    let typed = "가나다라마바사아자차카타파하가나다라마바사"
    try await enter(
      "help " + typed + Key.controlB + Key.controlB + Key.backspace + Key.enter, terminal,
      expecting: "there is no command '가나다라마바사아자차카타파하가나다라바사'")
    terminal.type(Key.controlD)
    #expect(await terminal.exitStatus() == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func aLeftOutPasswordIsAskedForWithoutEcho() async throws {
    let terminal = try await start()
    terminal.type("login demo" + Key.enter)
    try await terminal.wait(for: "Password: ")
    terminal.type("demo" + Key.enter)
    let shown = try await terminal.wait(for: "signed in as demo")
    #expect(!shown.dropLast("signed in as demo".count).contains("demo"), "\(shown)")
    try await terminal.wait(for: demoPrompt)
    terminal.type(Key.controlD)
    #expect(await terminal.exitStatus() == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func controlCClearsTheLineOrCancelsTheRequest() async throws {
    let terminal = try await start()
    terminal.type("cardz" + Key.controlC)
    try await terminal.wait(for: prompt)
    terminal.type("whoami" + Key.enter)
    let shown = try await terminal.wait(for: prompt)
    #expect(!shown.contains("cardzwhoami"), "\(shown)")
    try await enter("sandbox latency 5000" + Key.enter, terminal, expecting: "5000")
    try await enter("log on" + Key.enter, terminal, expecting: "on")
    terminal.type("login demo demo" + Key.enter)
    // The request is on its way once the log shows its headers: Ctrl-C is then a signal.
    try await terminal.wait(for: "attempt 1 headers")
    try await enter(Key.controlC, terminal, expecting: "cancelled")
    try await enter("sandbox latency 0" + Key.enter, terminal, expecting: "latency")
    try await enter("login demo demo" + Key.enter, terminal, expecting: "signed in as demo")
    terminal.type(Key.controlD)
    #expect(await terminal.exitStatus() == 0)
  }

  /// A PNG of 6 MiB, its signature then zeros, in the test's directory.
  private func largeImage() throws -> String {
    var bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    bytes.append(Data(count: (6 << 20) - bytes.count))
    let file = directory.appending("large.png")
    try bytes.write(to: file)
    return file.path
  }

  @Test(.timeLimit(.minutes(2)))
  func aLargeUploadShowsItsProgressAndClearsItBeforeTheResult() async throws {
    let image = try largeImage()
    let terminal = try await start()
    try await enter("login demo demo" + Key.enter, terminal, expecting: "signed in as demo")
    try await enter("sandbox latency 300" + Key.enter, terminal, expecting: "300")
    terminal.type("card create name=Big image=\(image)" + Key.enter)
    try await terminal.wait(for: " of 6.0 MiB (")
    let rest = try await terminal.wait(for: "image URL")
    let clear = try #require(rest.range(of: "\r\u{1B}[K", options: .backwards), "\(rest)")
    #expect(!rest[clear.upperBound...].contains(" of 6.0 MiB"), "\(rest)")
    try await terminal.wait(for: "> ")
    terminal.type(Key.controlD)
    #expect(await terminal.exitStatus() == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func anUploadToAServerShowsItsProgress() async throws {
    let image = try largeImage()
    let server = try SandboxHTTPServer()
    defer { server.stop() }
    let terminal = try await start(options: ["--server", server.baseURL.absoluteString])
    try await enter("login demo demo" + Key.enter, terminal, expecting: "signed in as demo")
    terminal.type("card create name=Big image=\(image)" + Key.enter)
    try await terminal.wait(for: " of 6.0 MiB (")
    let rest = try await terminal.wait(for: "image URL")
    #expect(rest.contains("\r\u{1B}[K"), "\(rest)")
    try await terminal.wait(for: "> ")
    terminal.type(Key.controlD)
    #expect(await terminal.exitStatus() == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func jsonOutputOnATerminalShowsNoProgress() async throws {
    let image = try largeImage()
    let terminal = try await start(options: ["--json"])
    try await enter("login demo demo" + Key.enter, terminal, expecting: #""ok": true"#)
    try await enter("sandbox latency 300" + Key.enter, terminal, expecting: #""ok": true"#)
    terminal.type("card create name=Big image=\(image)" + Key.enter)
    let shown = try await terminal.wait(for: #""name": "Big""#)
    #expect(!shown.contains(" of 6.0 MiB"), "\(shown)")
    try await terminal.wait(for: "> ")
    terminal.type(Key.controlD)
    #expect(await terminal.exitStatus() == 0)
  }
}
