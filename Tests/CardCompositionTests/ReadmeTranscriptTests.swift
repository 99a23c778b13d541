import CardComposition
import CardREPL
import CardREPLTestSupport
import Foundation
import Testing

/// The README's transcripts, run again: each ```` ```text ```` block of README.md that shows
/// a session (`card-repl [sandbox]> ` prompts) or shell commands (`$ card-repl …`,
/// `$ cat <file>`, `$ echo $?`) must be what the REPL prints now, from a fresh home in a
/// directory holding `photo.png`, so that the README never depends on what was explored
/// before. Both streams are compared as a terminal shows them, interleaved. Retries do not
/// wait here, so the delay in a retry note is compared as `T`.
@Suite("README transcripts")
struct ReadmeTranscriptTests {
  private static let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("README.md")

  private static let promptStart = "card-repl ["

  @Test func theSessionIsWhatTheREPLPrints() async throws {
    let blocks = try Self.textBlocks().filter { $0.contains { $0.hasPrefix(Self.promptStart) } }
    #expect(!blocks.isEmpty)
    for block in blocks {
      // The banner names the reader's home; what follows it is compared.
      let lines = Array(block.drop { !$0.hasPrefix(Self.promptStart) })
      #expect(try await replay(session: lines) == Self.normalise(lines))
    }
  }

  @Test func theShellExamplesAreWhatCardREPLPrints() async throws {
    let blocks = try Self.textBlocks().filter { $0.first?.hasPrefix("$ ") == true }
    #expect(!blocks.isEmpty)
    for block in blocks {
      #expect(try await replay(shell: block) == Self.normalise(block))
    }
  }

  /// Types each command after the prompt the REPL shows, and writes down what it prints.
  private func replay(session lines: [String]) async throws -> [String] {
    let runner = try GoldenRunner(json: false)
    let console = CapturingConsole()
    let graph = try AppGraph(
      configuration: AppConfiguration(homeDirectory: runner.home, retryBaseDelay: .zero)
    ) { console.writeError($0 + "\n") }
    let session = REPLSession(
      services: graph.services, console: console, mode: .human(HumanRenderer()),
      workingDirectory: runner.files)
    var transcript: [String] = []
    for line in lines where line.hasPrefix(Self.promptStart) {
      let prompt = await session.prompt()
      let command = String(line.dropFirst(prompt.count))
      transcript.append(prompt + command)
      let before = console.writes.count
      let outcome = await session.execute(command)
      transcript += Self.lines(of: console.writes.dropFirst(before))
      if case .success(.exit)? = outcome { break }
    }
    return Self.normalise(transcript)
  }

  /// Runs each `$ card-repl …` with a home of the block's own, writes the lines that follow
  /// `$ cat <file>` into that file, and answers `$ echo $?` with the last exit status.
  private func replay(shell block: [String]) async throws -> [String] {
    let runner = try GoldenRunner(json: false)
    var transcript: [String] = []
    var status: Int32 = 0
    var index = block.startIndex
    while index < block.endIndex {
      let line = block[index]
      transcript.append(line)
      index += 1
      let following = block[index...].prefix { !$0.hasPrefix("$ ") }
      if line.hasPrefix("$ cat ") {
        let text = following.map { $0 + "\n" }.joined()
        let name = String(line.dropFirst("$ cat ".count))
        try text.write(
          to: runner.files.appendingPathComponent(name), atomically: true, encoding: .utf8)
        transcript += following
        index += following.count
      } else if line == "$ echo $?" {
        transcript.append(String(status))
        index += following.count
      } else if line.hasPrefix("$ card-repl ") {
        let console = CapturingConsole()
        let arguments = try Tokenizer.words(in: String(line.dropFirst("$ card-repl ".count)))
        status = await CardREPLApp.run(
          arguments: arguments + ["--home", runner.home.path],
          environment: ["NO_COLOR": "1", "HOME": runner.root.path], console: console,
          currentDirectory: runner.files)
        transcript += Self.lines(of: console.writes[...])
        index += following.count
      } else {
        Issue.record("the README runs something this test cannot: \(line)")
      }
    }
    return Self.normalise(transcript)
  }

  /// The lines of every ```` ```text ```` block, in order.
  private static func textBlocks() throws -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n") {
      if current == nil, line == "```text" {
        current = []
      } else if let lines = current, line == "```" {
        blocks.append(lines)
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  private static func lines(of writes: ArraySlice<CapturingConsole.Write>) -> [String] {
    let text = writes.map { write in
      switch write {
      case .output(let text), .error(let text): text
      }
    }.joined()
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  private static let retryDelay = try! NSRegularExpression(pattern: "retrying in [0-9.]+ s")

  private static func normalise(_ lines: [String]) -> [String] {
    lines.map { line in
      retryDelay.stringByReplacingMatches(
        in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "retrying in T s")
    }
  }
}
