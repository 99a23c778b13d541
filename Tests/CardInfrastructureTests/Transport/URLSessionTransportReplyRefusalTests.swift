import CardData
import CardInfrastructure
import Foundation
import Testing

/// FoundationNetworking's `URLSessionTask.cancel()` marks the task as cancelling and fails it
/// later, on the session's work queue; when the reply ends in between, the task has left the
/// session by then and the process stops ("Trying to access a behaviour for a task that in not
/// in the registry"). So a reply over the limit is refused without cancelling its task: the
/// caller has the error at once, and the rest of the reply is dropped as it arrives until the
/// task ends by itself (docs/url-session-transport.md).
///
/// The stub sends the start of a reply and holds it open; only a cancellation of the task, which
/// the stub records as a call of `stopLoading`, or the test ends it.
@Suite(
  "URLSessionTransport refuses an oversized reply without cancelling its task",
  .timeLimit(.minutes(1)))
struct URLSessionTransportReplyRefusalTests {
  @Test(arguments: [true, false])
  func refusesAtOnceAndLeavesTheTaskToEnd(announcingItsLength: Bool) async throws {
    let route = StubRoute(
      always: announcingItsLength
        ? .hold(status: 200, headers: ["Content-Length": "\(64 << 10)"])
        : .hold(status: 200, body: Data(count: 64 << 10)))
    defer { route.endHeldReplies() }
    let transport = try stubTransport(maximumReplySize: 16 << 10)

    let error = await transportError(
      sending: HTTPRequest(method: .get, url: route.url("/cards")), through: transport)

    #expect(error?.kind == .replyRefused)
    #expect(route.stopCount == 0)
  }
}
