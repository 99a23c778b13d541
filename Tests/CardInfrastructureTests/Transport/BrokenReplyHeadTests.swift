import CardData
import CardInfrastructure
import Foundation
import LoopbackHTTPTestServer
import Testing

/// A reply whose head libcurl will not take: the failure says what the server sent, not what
/// libcurl's error code happens to be called. Each test ends within the transport's timeouts,
/// which are real timeouts here; the suite's limit only stops one that would hang.
@Suite("URLSessionTransport says what was wrong with a reply's head", .timeLimit(.minutes(1)))
struct BrokenReplyHeadTests {
  /// libcurl takes a 1xx head for an interim one and reads what follows as the next head, so
  /// the exchange failed as "the URL … is not supported": a `networkFail`. The 1xx is the
  /// last head the server sent, so it is the reply, and `judgeStatus` calls it unexpected.
  @Test(arguments: [199, 100], ["", #"{"status":199,"success":true,"message":"ok","data":null}"#])
  func aFinalInterimStatusIsTheReply(_ status: Int, _ body: String) async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: status, body: Data(body.utf8)) }
    defer { server.stop() }

    let response = try await networkTransport().send(
      HTTPRequest(method: .get, url: server.url("/cards")))

    #expect(response.status == status)
  }
}
