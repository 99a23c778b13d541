import BuiltExecutable
import Foundation

/// The `card-repl` executable built next to the test bundle; `CARD_REPL_BINARY` overrides
/// the search.
enum CardREPLBinary {
  static let name = "card-repl"

  static func url() throws -> URL {
    try BuiltExecutable.url(named: name, override: "CARD_REPL_BINARY")
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
  try await runCardREPL(arguments, input: Data(input.utf8), in: directory, environment: extra)
}

/// Runs `card-repl` with `arguments`, the bytes of `input` on standard input, in `directory`.
func runCardREPL(
  _ arguments: [String], input: Data, in directory: URL,
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
  try stdin.fileHandleForWriting.write(contentsOf: input)
  try stdin.fileHandleForWriting.close()
  var status: Int32 = -1
  for await value in exited { status = value }
  return Finished(
    status: status,
    stdout: try String(contentsOf: stdoutFile, encoding: .utf8),
    stderr: try String(contentsOf: stderrFile, encoding: .utf8))
}
