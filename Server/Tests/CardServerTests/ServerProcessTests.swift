import Foundation
import Testing

/// `card-server` as a process, as the README starts it.
@Suite("The card-server command")
struct ServerProcessTests {
  /// The built `card-server` beside the test bundle (`.build/<configuration>/`).
  private static func executable() throws -> URL {
    let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var candidates = [bundleDirectory.appendingPathComponent("card-server")]
    if let main = Bundle.main.executableURL {
      candidates.append(main.deletingLastPathComponent().appendingPathComponent("card-server"))
    }
    return try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
  }

  @Test("--port 0 prints the URL on the first line, then serves there and logs each request")
  func ephemeralPort() async throws {
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

  @Test("--help describes every option")
  func help() throws {
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
