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
