import Foundation

/// The root package's `card-repl`, run as a process against a server: the real composition
/// root and `URLSessionTransport`, with a home of the test's own.
struct CardREPLProcess {
  /// What a finished run printed, both streams as a terminal shows them, interleaved (the
  /// REPL writes each unbuffered), and its exit status.
  struct Run: Sendable {
    let status: Int32
    let output: String

    var lines: [String] {
      var lines = output.components(separatedBy: "\n")
      if lines.last == "" { lines.removeLast() }
      return lines
    }
  }

  /// Holds the home and the working directory; ``remove()`` deletes it.
  let root: URL
  /// One home for every run, as one user's `~/.card-repl` is shared by all their processes.
  var home: URL { root.appendingPathComponent("home") }
  /// The working directory, where `image=<file>` paths are found.
  var directory: URL { root.appendingPathComponent("files") }
  let server: URL

  /// A fresh home and working directory in the temporary directory.
  init(server: URL) throws {
    self.server = server
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-repl-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }

  /// Writes `bytes` as `name` in the working directory and returns them.
  @discardableResult
  func file(_ name: String, _ bytes: Data) throws -> Data {
    try bytes.write(to: directory.appendingPathComponent(name))
    return bytes
  }

  /// `card-repl --server <url> --home <home> <arguments>`, to its end.
  func run(_ arguments: [String]) async throws -> Run {
    let capture = root.appendingPathComponent("output-\(UUID().uuidString).txt")
    try Data().write(to: capture)
    defer { try? FileManager.default.removeItem(at: capture) }
    let output = try FileHandle(forWritingTo: capture)
    defer { try? output.close() }
    let process = try makeProcess(arguments)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = output
    let status = try await Self.runToEnd(process)
    return Run(status: status, output: try String(contentsOf: capture, encoding: .utf8))
  }

  /// `card-repl -c <commands>`, to its end.
  func run(commands: String, options: [String] = []) async throws -> Run {
    try await run(options + ["-c", commands])
  }

  /// `card-repl` reading its commands from a pipe, one at a time, for tests that wait for
  /// each command's output before they send the next.
  func start(_ options: [String] = []) throws -> Interactive {
    let process = try makeProcess(options)
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    let ended = AsyncStream.makeStream(of: Int32.self)
    process.terminationHandler = { finished in
      ended.continuation.yield(finished.terminationStatus)
      ended.continuation.finish()
    }
    try process.run()
    return Interactive(
      process: process, input: input.fileHandleForWriting,
      lines: LineReader(output.fileHandleForReading), ended: ended.stream)
  }

  private func makeProcess(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = try BuiltProgram.url(named: "card-repl")
    process.arguments = ["--server", server.absoluteString, "--home", home.path] + arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["CARD_REPL_HOME"] = nil
    environment["CARD_REPL_PASSPHRASE"] = nil
    process.environment = environment
    return process
  }

  private static func runToEnd(_ process: Process) async throws -> Int32 {
    try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { finished in
        continuation.resume(returning: finished.terminationStatus)
      }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
  }

  /// A running `card-repl` whose standard input is a pipe: no prompt, one command per line.
  /// One task drives it.
  final class Interactive {
    private let process: Process
    private let input: FileHandle
    private let lines: LineReader
    private let ended: AsyncStream<Int32>

    fileprivate init(
      process: Process, input: FileHandle, lines: LineReader, ended: AsyncStream<Int32>
    ) {
      self.process = process
      self.input = input
      self.lines = lines
      self.ended = ended
    }

    func send(_ command: String) throws {
      try input.write(contentsOf: Data((command + "\n").utf8))
    }

    /// The next line it printed, on either stream.
    func nextLine() async throws -> String {
      try await lines.next()
    }

    /// Ends its input and returns its exit status once it has left.
    func finish() async throws -> Int32 {
      try input.close()
      return await ended.first { _ in true } ?? -1
    }

    /// Stops it at once, for a test that failed half-way.
    func kill() {
      if process.isRunning { process.terminate() }
    }
  }
}
