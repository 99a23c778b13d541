import Foundation

/// Finds the `card-repl` executable that SwiftPM built next to the test bundle (the test
/// target depends on it, so `swift build --build-tests` builds it into the same products
/// directory). `CARD_REPL_BINARY` overrides the search.
enum CardREPLBinary {
  static let name = "card-repl"

  /// A class of the test bundle, for `Bundle(for:)`.
  private final class Anchor {}

  static func url() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["CARD_REPL_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    var directories = [Bundle(for: Anchor.self).bundleURL, Bundle.main.bundleURL]
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())
    }
    directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    for start in directories {
      var directory = start.standardizedFileURL.resolvingSymlinksInPath()
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    throw BinaryNotFound(searched: directories.map(\.path))
  }

  struct BinaryNotFound: Error, CustomStringConvertible {
    let searched: [String]
    var description: String {
      "\(CardREPLBinary.name) not found near \(searched); build it or set CARD_REPL_BINARY"
    }
  }
}

/// What a finished `card-repl` process printed.
struct Finished {
  let status: Int32
  let stdout: String
  let stderr: String
}

/// Runs `card-repl` with `arguments`, `input` on standard input, in `directory`.
func runCardREPL(
  _ arguments: [String], input: String, in directory: URL,
  environment extra: [String: String] = [:]
) async throws -> Finished {
  let process = Process()
  process.executableURL = try CardREPLBinary.url()
  process.arguments = arguments
  process.currentDirectoryURL = directory
  var environment = ProcessInfo.processInfo.environment
  environment["CARD_REPL_HOME"] = nil
  environment["CARD_REPL_PASSPHRASE"] = nil
  environment["HOME"] = directory.path
  environment.merge(extra) { $1 }
  process.environment = environment
  let stdin = Pipe()
  let stdoutFile = directory.appendingPathComponent("stdout-\(UUID().uuidString)")
  let stderrFile = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
  for file in [stdoutFile, stderrFile] {
    try Data().write(to: file)
  }
  process.standardInput = stdin
  process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
  process.standardError = try FileHandle(forWritingTo: stderrFile)
  let (exited, continuation) = AsyncStream<Int32>.makeStream()
  process.terminationHandler = { finished in
    continuation.yield(finished.terminationStatus)
    continuation.finish()
  }
  try process.run()
  try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
  try stdin.fileHandleForWriting.close()
  var status: Int32 = -1
  for await value in exited { status = value }
  return Finished(
    status: status,
    stdout: try String(contentsOf: stdoutFile, encoding: .utf8),
    stderr: try String(contentsOf: stderrFile, encoding: .utf8))
}
