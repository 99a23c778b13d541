import Foundation
import LoopbackHTTPTestServer

/// Runs `printf 'login demo demo\ncards\n' | card-repl --server …` against a loopback server
/// whose list reply is 50 MB, `runs` times for each way a reply can end (its
/// `Content-Length`, the connection's close, the last chunk), and counts how each run ended:
/// with the `pathErr` that refuses the reply, a crash, or anything else. The goal is the
/// `pathErr` every time. Refusing such a reply once crashed the REPL in a race between
/// FoundationNetworking's queues that no test can order (docs/url-session-transport.md), so
/// only many runs show it gone. The drill runs the `card-repl` built beside it, in the same
/// configuration (`Benchmarks/Package.swift` builds it with the drills).
struct OversizedReplyDrill {
  static let replySize = 50_000_000
  /// A run that has not ended after this many seconds is stopped and counted as "other".
  static let runLimit = 60
  let runs: Int

  /// How the server frames the reply.
  enum Shape: CaseIterable {
    case announced, closeDelimited, chunked

    var name: String {
      switch self {
      case .announced: "Content-Length"
      case .closeDelimited: "closed connection"
      case .chunked: "chunked"
      }
    }

    func reply(_ body: Data) -> LoopbackHTTPServer.Reply {
      switch self {
      case .announced:
        .respond(status: 200, headers: [("Content-Type", "application/json")], body: body)
      case .closeDelimited: .unframed(body: body)
      case .chunked: .chunked(body: body, chunkSize: 1 << 20)
      }
    }
  }

  /// How one run of the REPL ended.
  enum Outcome {
    case refused
    case crashed(String)
    case other(String)
  }

  private static let token = Data(
    #"{"status":200,"success":true,"message":"signed in","data":{"accessToken":"drill-access","refreshToken":"drill-refresh","expiresIn":3600}}"#
      .utf8)

  func run() -> Int32 {
    guard let repl = Self.cardREPL() else {
      printError(
        "card-repl is not built beside card-benchmarks: "
          + "`swift build --package-path Benchmarks --product card-benchmarks`, "
          + "with `-c release` for a release drill")
      return 2
    }
    #if DEBUG
      let configuration = "debug"
    #else
      let configuration = "release"
    #endif
    print(
      """
      oversized-reply: \(runs) runs of \(configuration) card-repl per shape against a \
      \(Self.replySize / 1_000_000) MB list reply (limit 16 MiB)
        \(repl.path)
      """)
    let body = Data(repeating: UInt8(ascii: " "), count: Self.replySize)
    var everyRunRefused = true
    do {
      for shape in Shape.allCases {
        let server = try LoopbackHTTPServer { request in
          request.method == "POST" && request.target == "/auth/login"
            ? .respond(
              status: 200, headers: [("Content-Type", "application/json")], body: Self.token)
            : shape.reply(body)
        }
        defer { server.stop() }
        var (refused, crashed, other) = (0, 0, 0)
        var examples: [String] = []
        let start = ContinuousClock.now
        for _ in 0..<runs {
          switch try runOnce(repl, server: "http://127.0.0.1:\(server.port)") {
          case .refused: refused += 1
          case .crashed(let what):
            crashed += 1
            examples.appendIfNew("crash: \(what)")
          case .other(let what):
            other += 1
            examples.appendIfNew("other: \(what)")
          }
        }
        let seconds = (ContinuousClock.now - start).components.seconds
        let label = (shape.name + ":").padding(toLength: 20, withPad: " ", startingAt: 0)
        print(
          "  \(label)\(refused) pathErr, \(crashed) crash, \(other) other "
            + "(\(seconds) s)")
        for example in examples { print("    \(example)") }
        everyRunRefused = everyRunRefused && refused == runs
      }
    } catch {
      printError("FAIL: \(error)")
      return 1
    }
    guard everyRunRefused else {
      printError("FAIL: not every run ended with the pathErr")
      return 1
    }
    print("PASS: every run ended with the pathErr")
    return 0
  }

  /// One run of the REPL in a home of its own, signing in and listing the cards.
  private func runOnce(_ repl: URL, server: String) throws -> Outcome {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-benchmarks-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(
      at: home, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(at: home) }
    let process = Process()
    process.executableURL = repl
    process.arguments = ["--server", server, "--home", home.path]
    var environment = ProcessInfo.processInfo.environment
    // A crash is counted, not traced.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    input.fileHandleForWriting.write(Data("login demo demo\ncards\n".utf8))
    try input.fileHandleForWriting.close()
    // The REPL's few lines fit in the pipe, so it never waits for them to be read.
    if ended.wait(timeout: .now() + .seconds(Self.runLimit)) == .timedOut {
      process.terminate()
      ended.wait()
      return .other("still running after \(Self.runLimit) s; stopped")
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let lines = text.split(separator: "\n").map(String.init)
    if process.terminationReason == .uncaughtSignal {
      let reason = lines.first { $0.contains("Fatal error") } ?? lines.last ?? ""
      return .crashed("signal \(process.terminationStatus): \(reason)")
    }
    if lines.contains(where: {
      $0.hasPrefix("pathErr:") && $0.hasSuffix("is larger than 16 MiB (the reply limit)")
    }) {
      return .refused
    }
    return .other("exit status \(process.terminationStatus): \(lines.joined(separator: " | "))")
  }

  private static func cardREPL() -> URL? {
    guard let directory = Bundle.main.executableURL?.deletingLastPathComponent() else {
      return nil
    }
    let repl = directory.appendingPathComponent("card-repl")
    return FileManager.default.isExecutableFile(atPath: repl.path) ? repl : nil
  }
}

extension [String] {
  /// Keeps up to three different examples.
  fileprivate mutating func appendIfNew(_ example: String) {
    if count < 3, !contains(example) { append(example) }
  }
}
