import Foundation
import Testing

/// `card-server` as a process, as the README starts it.
@Suite("The card-server command")
struct ServerProcessTests {
  private static func executable() throws -> URL {
    try BuiltProgram.url(named: "card-server")
  }

  @Test func port0PrintsTheURLOnTheFirstLineThenServesThereAndLogsEachRequest() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-server-process-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let process = Process()
    process.executableURL = try Self.executable()
    process.arguments = [
      "--port", "0", "--state-file", directory.appendingPathComponent("state.json").path,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    let lines = LineReader(output.fileHandleForReading)
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
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-server-process-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = Process()
    first.executableURL = try Self.executable()
    first.arguments = [
      "--port", "0", "--state-file", directory.appendingPathComponent("first.db").path,
    ]
    let output = Pipe()
    first.standardOutput = output
    try first.run()
    defer {
      first.terminate()
      first.waitUntilExit()
    }
    let port = try #require(
      URL(string: try await LineReader(output.fileHandleForReading).next())?.port)

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
