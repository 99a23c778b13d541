import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

@Suite("What a middleware sees at its place, and the call's figures in its context")
struct RequestContextTests {
  private let transport = StubTransport()
  /// First in the chain: it sees the call once.
  private let call = RecordingMiddleware()
  /// Last in the chain: it sees every attempt.
  private let attempts = RecordingMiddleware()
  private let sleeper = RecordingSleeper()

  private func client(_ middleware: [any ClientMiddleware] = []) -> RequestPipeline {
    RequestPipeline(
      baseURL: testBaseURL, transport: transport, middleware: [call] + middleware + [attempts],
      sleeper: sleeper)
  }

  @Test func aSuccessfulCallTheRequestAsAskedFirstAsChangedLastAndItsFigures() async throws {
    await transport.stub(method: .put, path: "/things", with: [.status(200, body: "0123456789")])
    let endpoint = TestEndpoint.json(SampleBody(name: "abc", count: 1), method: .put)
    let sentBody = Data(#"{"count":1,"name":"abc"}"#.utf8)
    _ = try await client([TagMiddleware(tag: "a", log: CallLog())]).send(endpoint)

    #expect(call.events.map(\.name) == ["sent", "received"])
    #expect(attempts.events.map(\.name) == ["sent", "received"])
    let asked = try #require(call.sentRequests.first)
    let sent = try #require(attempts.sentRequests.first)
    #expect(asked.headers["X-Tags"] == nil)
    #expect(sent.headers["X-Tags"] == "a")
    #expect(asked.method == .put)
    #expect(asked.url.absoluteString == "https://api.example.com/things")
    #expect(attempts.events.last == .received(status: 200))

    let context = try #require(call.context)
    #expect(context.body == .json(sentBody))
    #expect(context.attempts == 1)
    #expect(context.bytesSent == Int64(sentBody.count))
    #expect(context.bytesReceived == 10)
    #expect(context.lastOutcome == .status(200))
    #expect(context.endpointName == "testThings")
    #expect(context.retries.isEmpty)
  }

  @Test func aRetriedCallEachAttemptLastTheCallOnceFirstTheRetryAndSummedFigures() async throws {
    await transport.stub(
      method: .get, path: "/things", with: [.status(503, body: "busy"), .status(200, body: "ok!")])
    _ = try await client([RetryPolicy()]).send(TestEndpoint.get())

    #expect(call.events.map(\.name) == ["sent", "received"])
    #expect(attempts.events.map(\.name) == ["sent", "received", "sent", "received"])
    #expect(
      attempts.events.filter { $0.name == "received" } == [
        .received(status: 503), .received(status: 200),
      ])
    let context = try #require(call.context)
    #expect(context.retries.map(\.reason) == [.transientFailure])
    #expect(context.retries.map(\.delay) == [.milliseconds(500)])
    #expect(context.retries.map(\.cause) == [.status(503)])
    #expect(context.attempts == 2)
    #expect(context.bytesSent == 0)
    #expect(context.bytesReceived == 7)
    #expect(call.events.last == .received(status: 200))
  }

  @Test func aBodySentTwiceCountsTwiceInBytesSent() async throws {
    await transport.stub(method: .put, path: "/things", with: [.status(500), .status(204)])
    let endpoint = TestEndpoint.json(SampleBody(name: "n", count: 12), method: .put)
    _ = try await client([RetryPolicy()]).send(endpoint)
    let context = try #require(call.context)
    #expect(context.attempts == 2)
    #expect(context.bytesSent == 2 * Int64(#"{"count":12,"name":"n"}"#.utf8.count))
  }

  @Test func aTransportFailureComesBackAsTheTransportsErrorAndTheCallEndsWithIt() async throws {
    let error = TransportError.of(.tlsFailure)
    await transport.stub(method: .get, path: "/things", with: [.failure(error)])
    let result = await outcome(of: client(), TestEndpoint.get())
    #expect(attempts.events.map(\.name) == ["sent", "failed"])
    #expect(attempts.events[1] == .failed(.transport(error)))
    #expect(call.events[1] == .failed(.transport(error)))
    #expect(result.failure == .networkFail(reason: error.message))
    let context = try #require(call.context)
    #expect(context.attempts == 1)
    #expect(context.bytesReceived == 0)
  }

  @Test func aMiddlewareThatEndsTheCallThoseBeforeItSeeTheErrorNoAttemptIsMade() async throws {
    let failing = FailingMiddleware(error: .signedOut, log: CallLog())
    let result = await outcome(of: client([failing]), TestEndpoint.get())
    #expect(result.failure == .signedOut)
    #expect(call.events.map(\.name) == ["sent", "failed"])
    #expect(call.events.last == .failed(.ended(.signedOut)))
    #expect(attempts.events.isEmpty)
    let context = try #require(call.context)
    #expect(context.attempts == 0)
    #expect(context.bytesSent == 0)
  }

  @Test func aMiddlewareThatFailsACallAfterAnAttemptTheAttemptIsSeenThenTheError() async throws {
    await transport.stub(method: .get, path: "/things", with: [.status(401)])
    let retry = ScriptedRetry("r", log: CallLog(), always: .fail(.signedOut))
    _ = await outcome(of: client([retry]), TestEndpoint.get())
    #expect(attempts.events.map(\.name) == ["sent", "received"])
    #expect(call.events.last == .failed(.ended(.signedOut)))
  }

  @Test func aReturnedErrorResponseComesBackWithItsStatus() async throws {
    await transport.stub(method: .get, path: "/things", with: [.status(404, body: "none")])
    _ = try await client().send(TestEndpoint.get())
    #expect(call.events.last == .received(status: 404))
    #expect(call.context?.bytesReceived == 4)
  }

  @Test func middlewareSideBySideSeeTheSameInTheSameOrder() async throws {
    let second = RecordingMiddleware()
    await transport.stub(method: .get, path: "/things", with: [.status(200)])
    _ = try await client([second]).send(TestEndpoint.get())
    #expect(call.events == second.events)
    #expect(call.events.map(\.name) == ["sent", "received"])
  }

  @Test func eachCallGetsItsOwnIncreasingIdSharedByAllItsAttempts() async throws {
    struct IDs: ClientMiddleware {
      let log = CallLog()
      func intercept(
        _ request: HTTPRequest, context: RequestContext,
        next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
      ) async throws(CallFailure) -> HTTPResponse {
        log.append("\(context.id)")
        return try await next(request)
      }
    }
    let ids = IDs()
    await transport.stub(method: .get, path: "/things", with: [.status(500), .status(200)])
    let client = client([RetryPolicy(), ids])
    _ = try await client.send(TestEndpoint.get())
    _ = try await client.send(TestEndpoint.get())
    let numbers = ids.log.all.map { Int($0)! }
    #expect(numbers.count == 3)
    #expect(numbers[0] == numbers[1])
    #expect(numbers[2] > numbers[0])
  }

  @Test func eachAttemptsUploadProgressReachesAMiddlewareThatAsksForIt() async throws {
    struct Progress: ClientMiddleware {
      let log = CallLog()
      func intercept(
        _ request: HTTPRequest, context: RequestContext,
        next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
      ) async throws(CallFailure) -> HTTPResponse {
        var request = request
        request.uploadProgress = UploadProgressSink { [log] sent, total in
          log.append("\(context.endpointName) \(sent) of \(total)")
        }
        return try await next(request)
      }
    }
    let progress = Progress()
    await transport.stub(method: .put, path: "/things", with: [.status(500), .status(204)])
    let endpoint = TestEndpoint.json(SampleBody(name: "n", count: 12), method: .put)
    _ = try await client([progress, RetryPolicy()]).send(endpoint)
    let size = #"{"count":12,"name":"n"}"#.utf8.count
    let line = "\(endpoint.name) \(size) of \(size)"
    #expect(progress.log.all == [line, line])
  }
}
