import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

@Suite("Cancellation", .timeLimit(.minutes(1)))
struct CancellationTests {
  private let transport = StubTransport()
  /// Last in the chain: it sees every attempt.
  private let recorder = RecordingMiddleware()
  private let sleeper = RecordingSleeper()

  private func client(sleeper: any Sleeper) -> RequestPipeline {
    RequestPipeline(
      baseURL: testBaseURL, transport: transport,
      middleware: [RetryPolicy(), recorder], sleeper: sleeper)
  }

  @Test(arguments: [HTTPMethod.get, .put, .post])
  func cancellingTheTaskWhileTheTransportWaitsThrowsCancelledPromptlyAndNeverRetries(
    method: HTTPMethod
  ) async throws {
    await transport.stub(method: method, path: "/things", with: [.hold])
    let client = client(sleeper: sleeper)
    let task = Task { await outcome(of: client, TestEndpoint.method(method)) }
    try await transport.waitUntilReceived(1)
    task.cancel()
    let result = await task.value

    #expect(result.failure == .cancelled)
    #expect(sleeper.delays.isEmpty)
    #expect(await transport.received.count == 1)
    let context = try #require(recorder.context)
    #expect(context.retries.isEmpty)
    #expect(recorder.events == [.sent(recorder.sentRequests[0]), .failed(.transport(.cancelled))])
    #expect(context.attempts == 1)
  }

  @Test func cancellingDuringARetryDelayThrowsCancelledWithoutAnotherAttempt() async throws {
    await transport.stub(method: .get, path: "/things", with: [.status(503)])
    let holdingSleeper = RecordingSleeper(holdsEverySleep: true)
    let task = Task { await outcome(of: client(sleeper: holdingSleeper), TestEndpoint.get()) }
    try await holdingSleeper.waitUntilAsked(1)
    task.cancel()
    let result = await task.value

    #expect(result.failure == .cancelled)
    #expect(holdingSleeper.delays == [.milliseconds(500)])
    #expect(await transport.received.count == 1)
    #expect(recorder.context?.attempts == 1)
  }

  @Test func aTaskCancelledBeforeSendingThrowsCancelledAndTheTransportIsNeverCalled() async throws {
    await transport.stub(method: .get, path: "/things", with: [.status(200)])
    let client = client(sleeper: sleeper)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await outcome(of: client, TestEndpoint.get())
    }
    let result = await task.value
    #expect(result.failure == .cancelled)
    #expect(await transport.received.isEmpty)
    #expect(recorder.context?.attempts == 0)
    #expect(recorder.events.last == .failed(.ended(.cancelled)))
  }

  @Test func aTransportErrorOfKindCancelledIsReportedAsCancelledNotRetried() async throws {
    await transport.stub(method: .get, path: "/things", with: [.failure(.cancelled)])
    let result = await outcome(of: client(sleeper: sleeper), TestEndpoint.get())
    #expect(result.failure == .cancelled)
    #expect(sleeper.delays.isEmpty)
    #expect(await transport.received.count == 1)
  }
}
