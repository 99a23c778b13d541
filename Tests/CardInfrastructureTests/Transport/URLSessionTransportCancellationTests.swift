import CardData
import CardInfrastructure
import Foundation
import Testing

@Suite("Cancelling the calling task cancels the URLSession task")
struct URLSessionTransportCancellationTests {
  @Test func cancelsARequestInFlight() async throws {
    try await expectPromptCancellation { url in HTTPRequest(method: .get, url: url) }
  }

  @Test func cancelsAFileUploadInFlight() async throws {
    let file = try temporaryFile(count: 1 << 20)
    defer { try? FileManager.default.removeItem(at: file.url) }
    try await expectPromptCancellation { url in
      HTTPRequest(method: .post, url: url, body: .file(file.url, length: 1 << 20))
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
  /// has it, and expects a prompt `.cancelled` and a call of the stub's `stopLoading`.
  private func expectPromptCancellation(
    _ makeRequest: (URL) -> HTTPRequest
  ) async throws {
    let route = StubRoute(always: .never)
    let transport = try stubTransport()
    let request = makeRequest(route.url("/never"))
    let task = Task { await transportError(sending: request, through: transport) }
    try await eventually("the stub to receive the request") { route.requests.count == 1 }

    let cancelledAt = ContinuousClock.now
    task.cancel()
    let error = await task.value
    let elapsed = ContinuousClock.now - cancelledAt

    #expect(error?.kind == .cancelled)
    #expect(elapsed < .seconds(10))
    try await eventually("stopLoading") { route.stops == 1 }
  }
}
