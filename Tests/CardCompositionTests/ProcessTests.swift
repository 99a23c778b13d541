import CardTestingPrimitives
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `card-repl` binary as a real process, with piped standard input.
@Suite("card-repl as a process")
struct ProcessTests {
  private let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test(.timeLimit(.minutes(1)))
  func loginAndCardsInJSONPrintExactlyTwoSuccessLines() async throws {
    let home = directory.appending("home").path
    let finished = try await runCardREPL(
      ["--json", "--home", home], input: "login demo demo\ncards\n", in: directory.url)
    let lines = finished.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3 && lines.last == "", "\(finished.stdout)")
    for line in lines.dropLast() {
      #expect(line.contains(#""ok": true"#))
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["ok"] as? Bool == true)
    }
    #expect(finished.stderr.isEmpty)
    #expect(finished.status == 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func aBadCommandLineExitsWithTwo() async throws {
    let finished = try await runCardREPL(["--bogus"], input: "", in: directory.url)
    #expect(finished.status == 2)
    #expect(finished.stderr == "card-repl: unknown option '--bogus'; try 'card-repl --help'\n")
    #expect(finished.stdout.isEmpty)
  }

  /// A command line that is wrong whatever the files hold is a bad command line (2), found
  /// before anything runs.
  @Test(.timeLimit(.minutes(1)))
  func impossibleArgumentsExitWithTwo() async throws {
    let cases: [([String], String)] = [
      (["--server", "http://localhost:70000"], "--server has port 70000; a port is 1 to 65535"),
      (["--timeout", "5"], "--timeout applies to --server only"),
    ]
    for (arguments, message) in cases {
      let finished = try await runCardREPL(arguments, input: "", in: directory.url)
      #expect(finished.status == 2, "\(arguments)")
      #expect(finished.stderr == "card-repl: \(message); try 'card-repl --help'\n")
    }
  }

  /// A well-formed command line that names a script or a home that cannot be used means
  /// card-repl could not start (1), whichever it is.
  @Test(.timeLimit(.minutes(1)))
  func anUnusableScriptOrHomeExitsWithOne() async throws {
    let file = directory.appending("afile")
    try Data("x".utf8).write(to: file)
    let home = directory.appending("home").path
    var cases: [([String], String)] = [
      (
        ["--home", file.path],
        "cannot use \(file.path) as the home directory: \(file.path) is a file, not a directory"
      ),
      (["--home", home, "missing.txt"], "cannot run the script 'missing.txt': no such file"),
      (
        ["--home", home, "-f", directory.url.path],
        "cannot run the script '\(directory.url.path)': it is a directory"
      ),
    ]
    #if os(Linux)
      cases.append(
        (
          ["--home", "/proc/card-repl-nope"],
          "cannot use /proc/card-repl-nope as the home directory: it cannot be created"
        ))
    #endif
    for (arguments, message) in cases {
      let finished = try await runCardREPL(arguments, input: "", in: directory.url)
      #expect(finished.status == 1, "\(arguments)")
      #expect(finished.stderr == "card-repl: \(message)\n")
    }
  }

  /// A piped line that is not UTF-8 is refused with its number, and nothing of it is sent:
  /// no card named with U+FFFD.
  @Test(.timeLimit(.minutes(1)))
  func aPipedLineThatIsNotUTF8IsRefused() async throws {
    let home = directory.appending("home").path
    let input = Data("login demo demo\ncard create name=".utf8 + [0xFF, 0xFE] + "\ncards\n".utf8)
    let finished = try await runCardREPL(["--home", home], input: input, in: directory.url)
    #expect(finished.status == 1)
    #expect(finished.stderr == "invalid: line 2 is not UTF-8 text; nothing of it was run\n")
    #expect(!finished.stdout.contains("\u{FFFD}"))
    #expect(finished.stdout.hasPrefix("signed in as demo\n"))
  }

  /// A home that another user owns (all of it, as `sudo chown -R` leaves it) stops the start
  /// with a step that works, rather than advising on every command a `logout` that is
  /// refused alike.
  @Test(
    .timeLimit(.minutes(1)),
    .enabled(if: geteuid() == 0, "only root can give a directory to another user"))
  func aHomeOfAnotherUserStopsTheStartWithAStepThatWorks() async throws {
    let home = directory.appending("home")
    let first = try await runCardREPL(
      ["--home", home.path], input: "login demo demo\n", in: directory.url)
    #expect(first.status == 0)
    var paths = [home.path]
    let walk = FileManager.default.enumerator(atPath: home.path)
    while let relative = walk?.nextObject() as? String {
      paths.append(home.appendingPathComponent(relative).path)
    }
    for path in paths { try #require(lchown(path, 65_534, 65_534) == 0) }

    let refused = try await runCardREPL(
      ["--home", home.path, "-c", "whoami; logout"], input: "", in: directory.url)
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "card-repl: cannot use \(home.path) as the home directory: it belongs to another "
        + "user (uid 65534); use a home of your own with --home <dir> or CARD_REPL_HOME\n")
    #expect(refused.stdout.isEmpty)

    let own = try await runCardREPL(
      ["--home", directory.appending("own").path, "-c", "login demo demo; whoami"], input: "",
      in: directory.url)
    #expect(own.status == 0)
    #expect(own.stdout == "signed in as demo\ndemo\n")
  }

  @Test(.timeLimit(.minutes(1)))
  func versionPrintsTheVersion() async throws {
    let finished = try await runCardREPL(["--version"], input: "", in: directory.url)
    #expect(finished.status == 0)
    #expect(finished.stdout.hasPrefix("card-repl "))
  }

  @Test(.timeLimit(.minutes(1)))
  func aFailingScriptExitsWithOne() async throws {
    let finished = try await runCardREPL(
      ["--home", directory.appending("home").path], input: "login demo demo\ncard get c9\nwhoami\n",
      in: directory.url)
    #expect(finished.status == 1)
    #expect(finished.stdout == "signed in as demo\ndemo\n")
    #expect(finished.stderr == "requestErr: card c9 not found (404)\n")
  }

  @Test(.timeLimit(.minutes(1)))
  func theHomeComesFromTheEnvironmentAndTheSessionSurvivesTheProcess() async throws {
    let environment = ["CARD_REPL_HOME": directory.appending("env-home").path]
    let first = try await runCardREPL(
      [], input: "login demo demo\n", in: directory.url, environment: environment)
    #expect(first.status == 0)
    let second = try await runCardREPL(
      [], input: "whoami\n", in: directory.url, environment: environment)
    #expect(second.stdout == "demo\n")
    #expect(FileManager.default.fileExists(atPath: directory.appending("env-home/session").path))
  }

  @Test(.timeLimit(.minutes(1)))
  func helpPrintsTheUsageAndExitsWithZero() async throws {
    let finished = try await runCardREPL(["--help"], input: "", in: directory.url)
    #expect(finished.status == 0)
    #expect(finished.stdout.hasPrefix("usage: card-repl [--json] [--server <url> [--timeout"))
    #expect(finished.stdout.contains("130 when Ctrl-C ended a script"))
  }

  @Test(.timeLimit(.minutes(1)))
  func noColoursWhenOutputIsNotATerminal() async throws {
    let finished = try await runCardREPL(
      ["--home", directory.appending("home").path], input: "cardz\n", in: directory.url)
    #expect(finished.stderr == "invalid: unknown command 'cardz'; did you mean 'cards'?\n")
  }

  @Test(.timeLimit(.minutes(1)))
  func pipedOutputShowsNoUploadProgress() async throws {
    var image = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    image.append(Data(count: (6 << 20) - image.count))
    try image.write(to: directory.appending("large.png"))
    let finished = try await runCardREPL(
      ["--home", directory.appending("home").path],
      input: "login demo demo\ncard create name=Big image=large.png\n", in: directory.url,
      environment: ["TERM": "xterm"])
    #expect(finished.stdout.contains("name           Big"), "\(finished.stdout)")
    #expect(finished.stderr.isEmpty, "\(finished.stderr)")
    #expect(finished.status == 0)
  }
}
