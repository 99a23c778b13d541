import CardData
import CardInfrastructure
import Foundation
import LoopbackHTTPTestServer
import Testing

/// The test server itself: a stopped server must never touch another server's sockets, and its
/// replies are framed as HTTP says.
@Suite("The loopback HTTP server")
struct LoopbackHTTPServerTests {
  /// The next socket the process opens takes the lowest free descriptor number, often the
  /// one the stopped server's listener just had; an accept thread that used that number
  /// after the stop would take the next server's connection and close it unanswered.
  @Test func aServerStoppedAtOnceTakesNoConnectionOfTheNextServer() async throws {
    let transport = try networkTransport()
    var failures: [String] = []
    for _ in 0..<50 {
      try LoopbackHTTPServer { _ in .respond(status: 204) }.stop()
      let server = try LoopbackHTTPServer { _ in .respond(status: 200) }
      defer { server.stop() }
      do {
        let response = try await transport.send(HTTPRequest(method: .get, url: server.url("/")))
        if response.status != 200 || server.requests.count != 1 {
          failures.append("status \(response.status), \(server.requests.count) requests")
        }
      } catch {
        failures.append(error.message)
      }
    }
    #expect(failures.isEmpty, "\(failures.count) of 50 failed, first: \(failures.first ?? "")")
  }

  /// A last chunk shorter than the others, so that a chunk's length is never taken for all.
  @Test func sendsAChunkedReplyThatIsReadWhole() async throws {
    let body = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    let server = try LoopbackHTTPServer { _ in .chunked(body: body, chunkSize: 4096) }
    defer { server.stop() }

    let response = try await networkTransport().send(
      HTTPRequest(method: .get, url: server.url("/")))

    #expect(response.status == 200)
    #expect(response.headers["Transfer-Encoding"] == "chunked")
    #expect(response.body == body)
  }
}
