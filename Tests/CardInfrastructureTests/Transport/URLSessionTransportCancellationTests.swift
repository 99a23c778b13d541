import CardData
import CardInfrastructure
import Foundation
import Testing

/// The stub never answers, the session's request timeout does not apply to a `URLProtocol`,
/// and the transport's resource timeout (five minutes) outlasts the suite's safety limit, so
/// only the cancellation can end these requests: one the transport did not cancel would hang
/// until the safety limit stops the test.
@Suite("Cancelling the calling task cancels the URLSession task", .timeLimit(.minutes(1)))
struct URLSessionTransportCancellationTests {
  @Test func cancelsARequestInFlight() async throws {
    try await expectCancellation { url in HTTPRequest(method: .get, url: url) }
  }

  @Test func cancelsAFileUploadInFlight() async throws {
    let file = try TemporaryFile(count: 1 << 20)
    try await expectCancellation { url in
      HTTPRequest(method: .post, url: url, body: .file(file.url, length: 1 << 20))
    }
  }

  @Test func cancelsAnUploadOfSegmentsInFlight() async throws {
    let file = try TemporaryFile(count: 1 << 20)
    try await expectCancellation { url in
      HTTPRequest(
        method: .post, url: url, headers: ["Content-Type": "multipart/form-data; boundary=b"],
        body: .segments([
          .data(Data("--b\r\n\r\n".utf8)), .file(file.url, length: 1 << 20),
          .data(Data("\r\n--b--\r\n".utf8)),
        ]))
    }
  }

  @Test func sendsNothingWhenAlreadyCancelled() async throws {
    let route = StubRoute(always: .respond(status: 200))
    let transport = try stubTransport()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await transportError(
        sending: HTTPRequest(method: .get, url: route.url()), through: transport)
    }
    #expect(await task.value?.kind == .cancelled)
    #expect(route.requests.isEmpty)
  }

  /// Starts the request against a stub that never answers, cancels the task once the stub
  /// has it, and expects `.cancelled` and a call of the stub's `stopLoading`.
  private func expectCancellation(
    _ makeRequest: (URL) -> HTTPRequest
  ) async throws {
    let route = StubRoute(always: .never)
    let transport = try stubTransport()
    let request = makeRequest(route.url("/never"))
    let task = Task { await transportError(sending: request, through: transport) }
    try await route.waitUntilReceived(1)

    task.cancel()
    #expect(await task.value?.kind == .cancelled)
    try await route.waitUntilStopped(1)
    #expect(route.requests.count == 1)
  }
}
