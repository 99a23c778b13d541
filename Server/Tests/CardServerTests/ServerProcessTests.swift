import Foundation
import Testing

/// `card-server` as a process, as the README starts it.
@Suite("The card-server command")
struct ServerProcessTests {
  private static func executable() throws -> URL {
    try BuiltProgram.url(named: "card-server")
  }

  /// Starts card-server with `--port 0` and its state in `directory`, its output read line by
  /// line; the caller terminates it.
  private static func startOnAFreePort(stateIn directory: URL) throws -> (Process, LineReader) {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = [
      "--port", "0", "--state-file", directory.appendingPathComponent("state.db").path,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    return (process, LineReader(output.fileHandleForReading))
  }

  private static func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("card-server-process-\(UUID().uuidString)")
  }

  @Test func port0PrintsTheURLOnTheFirstLineThenServesThereAndLogsEachRequest() async throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (process, lines) = try Self.startOnAFreePort(stateIn: directory)
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    let first = try await lines.next()
    let url = try #require(URL(string: first))
    #expect(url.host == "127.0.0.1")
    #expect(url.port.map { $0 > 0 } == true)

    let reply = try await HTTPExchange.send("GET", url.appendingPathComponent("cards"))
    #expect(reply.status == 401)
    #expect(try await lines.next().hasPrefix("GET /cards 401 "))
  }

  // The limit ends the test if the second server ever started, which would hold its pipe open.
  @Test(.timeLimit(.minutes(1)))
  func aPortInUseStopsTheStartWithAMessageThatNamesItAndSaysWhatToDo() async throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (first, lines) = try Self.startOnAFreePort(stateIn: directory)
    defer {
      first.terminate()
      first.waitUntilExit()
    }
    let port = try #require(URL(string: try await lines.next())?.port)

    let second = Process()
    second.executableURL = try Self.executable()
    second.arguments = [
      "--port", String(port), "--state-file", directory.appendingPathComponent("second.db").path,
    ]
    let errors = Pipe()
    second.standardError = errors
    second.standardOutput = FileHandle.nullDevice
    try second.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    second.waitUntilExit()
    #expect(second.terminationStatus == 1)
    #expect(
      text
        == "card-server: cannot listen on 127.0.0.1:\(port): the address is in use; stop what "
        + "holds it, or choose another port (--port 0 takes a free one)\n")
  }

  @Test func helpDescribesEveryOption() throws {
    let process = Process()
    process.executableURL = try Self.executable()
    process.arguments = ["--help"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    for option in ["--host", "--port", "--state-file", "--token-lifetime", "/_sandbox/"] {
      #expect(text.contains(option))
    }
  }
}
