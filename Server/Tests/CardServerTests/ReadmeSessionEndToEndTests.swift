import Foundation
import Testing

/// The README's session, run by `card-repl --server` against the live server: the same
/// commands typed one by one, each waited for, and the same output; the `sandbox` commands
/// reach the server's admin path. A `networkFail` names the server, not the sandbox, so its
/// message is not compared.
extension EndToEndTests {
  @Suite("The README's session against the live server")
  struct ReadmeSession {
    private static let readme = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("README.md")

    /// A command of the session and the lines the README shows after it.
    private struct Step {
      let command: String
      let output: [String]
    }

    /// The first ```` ```text ```` block with `card-repl [` prompts, as steps; the banner
    /// before the first prompt is the reader's home, not part of any step.
    private static func session() throws -> [Step] {
      var steps: [Step] = []
      var inBlock = false
      for line in try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n") {
        if !inBlock {
          inBlock = line == "```text"
          continue
        }
        if line == "```" {
          if !steps.isEmpty { break }
          inBlock = false
        } else if line.hasPrefix("card-repl ["), let prompt = line.range(of: "> ") {
          steps.append(Step(command: String(line[prompt.upperBound...]), output: []))
        } else if let last = steps.popLast() {
          steps.append(Step(command: last.command, output: last.output + [line]))
        }
      }
      return steps
    }

    @Test func cardReplServerRunsTheREADMEsSession() async throws {
      let steps = try Self.session()
      #expect(steps.count > 10)
      try await LiveServer.with { server in
        let repl = try CardREPLProcess(server: server.url)
        defer { repl.remove() }
        try repl.file("photo.png", ImageBytes.png(byteCount: 4096))
        let process = try repl.start()
        defer { process.kill() }
        for step in steps {
          try process.send(step.command)
          var printed: [String] = []
          for _ in step.output {
            printed.append(try await process.nextLine())
          }
          #expect(Self.normalise(printed) == Self.normalise(step.output), "after \(step.command)")
        }
        _ = try await process.finish()
      }
    }

    private static let retryDelay = try! NSRegularExpression(pattern: "retrying in [0-9.]+ s")

    /// Retry delays as `T`, and a `networkFail` without its message.
    private static func normalise(_ lines: [String]) -> [String] {
      lines.map { line in
        if line.hasPrefix("networkFail: ") { return "networkFail: …" }
        return retryDelay.stringByReplacingMatches(
          in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "retrying in T s")
      }
    }
  }
}
