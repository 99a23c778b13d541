import CardData
import CardDataTesting
import CardDomain
import CardPrimitives
import Foundation
import Testing

@Suite("The middleware chain, outermost first")
struct MiddlewareChainTests {
  private let transport = StubTransport()
  private let log = CallLog()
  private let sleeper = RecordingSleeper()

  private func client(_ middleware: [any ClientMiddleware] = []) -> RequestPipeline {
    RequestPipeline(
      baseURL: testBaseURL, transport: transport, middleware: middleware, sleeper: sleeper)
  }

  private func stubThings(_ replies: [StubReply]) async {
    await transport.stub(method: .get, path: "/things", with: replies)
  }

  @Test(arguments: [401, 503])
  func aNon2xxStatusComesBackThroughTheMiddleware(status: Int) async throws {
    await stubThings([.status(status, body: "nope")])
    let shown = Protected<[ScriptedRetry.Outcome]>([])
    let watcher = ScriptedRetry("watcher", log: log) { outcome, _ in
      shown.withLock { $0.append(outcome) }
      return .handBack
    }
    let response = try await client([watcher]).send(TestEndpoint.get())
    #expect(response.status == status)
    #expect(shown.withLock { $0 } == [.success(.status(status, body: "nope"))])
    #expect(await transport.received.count == 1)
  }

  @Test(arguments: [400, 401, 404, 409, 500, 503])
  func withNoMiddlewareSendingAgainTheFinal4xxOr5xxResponseIsReturnedNotThrown(status: Int)
    async throws
  {
    await stubThings([.status(status, body: #"{"message":"x"}"#)])
    let response = try await client().send(TestEndpoint.get())
    #expect(response.status == status)
    #expect(response.body == Data(#"{"message":"x"}"#.utf8))
  }

  @Test func aTransportFailureNobodyRetriesThrowsNetworkFailWithTheTransportsMessage() async throws
  {
    let error = TransportError(.dnsFailure, "no such host")
    await stubThings([.failure(error)])
    let shown = Protected<[ScriptedRetry.Outcome]>([])
    let watcher = ScriptedRetry("r", log: log) { outcome, _ in
      shown.withLock { $0.append(outcome) }
      return .handBack
    }
    let result = await outcome(of: client([watcher]), TestEndpoint.get())
    #expect(result.failure == .networkFail(reason: "no such host"))
    #expect(shown.withLock { $0 } == [.failure(.transport(error))])
  }

  @Test func middlewareRunInOrderEachOnThePreviousOnesOutput() async throws {
    await stubThings([.status(200)])
    let tags = ["a", "b", "c"].map { TagMiddleware(tag: $0, log: log) }
    _ = try await client(tags).send(TestEndpoint.get())
    #expect(log.all == ["a saw []", "b saw [a]", "c saw [a,b]"])
    #expect(await transport.received.first?.request.headers["X-Tags"] == "a,b,c")
  }

  @Test func aMiddlewareAfterOneThatSendsAgainRunsForEveryAttemptOnTheRequestItIsGiven()
    async throws
  {
    await stubThings([.status(500), .status(200)])
    let retry = ScriptedRetry("r", log: CallLog()) { _, context in
      context.attempt == 1 ? .retry(after: .zero, reason: .transientFailure) : .handBack
    }
    let response = try await client([retry, TagMiddleware(tag: "a", log: log)])
      .send(TestEndpoint.get())
    #expect(response.status == 200)
    #expect(log.all == ["a saw []", "a saw []"])
    #expect(await transport.received.map { $0.request.headers["X-Tags"] } == ["a", "a"])
  }

  @Test func aMiddlewareThatEndsTheCallStopsItLaterMiddlewareAndTheTransportNeverRun() async throws
  {
    await stubThings([.status(200)])
    let chain: [any ClientMiddleware] = [
      TagMiddleware(tag: "a", log: log), FailingMiddleware(error: .signedOut, log: log),
      TagMiddleware(tag: "c", log: log),
    ]
    let result = await outcome(of: client(chain), TestEndpoint.get())
    #expect(result.failure == .signedOut)
    #expect(log.all == ["a saw []", "failing middleware"])
    #expect(await transport.received.isEmpty)
  }

  @Test func theInnermostMiddlewareAnswersFirstThoseOutsideSeeOnlyWhatItHandsBack() async throws {
    await stubThings([.status(503), .status(200)])
    let chain = [
      ScriptedRetry("third", log: log) { outcome, _ in
        outcome.success?.status == 200 ? .handBack : .fail(.signedOut)
      },
      ScriptedRetry("second", log: log) { _, context in
        context.attempt == 1
          ? .retry(after: .milliseconds(250), reason: .authentication) : .handBack
      },
      ScriptedRetry("first", log: log, always: .handBack),
    ]
    let response = try await client(chain).send(TestEndpoint.get())
    #expect(response.status == 200)
    #expect(log.all == ["first", "second", "first", "second", "third"])
    #expect(sleeper.delays == [.milliseconds(250)])
    #expect(await transport.received.count == 2)
  }

  @Test func whenEveryMiddlewareHandsAFailureBackItStands() async throws {
    await stubThings([.status(502)])
    let chain = [
      ScriptedRetry("second", log: log, always: .handBack),
      ScriptedRetry("first", log: log, always: .handBack),
    ]
    let response = try await client(chain).send(TestEndpoint.get())
    #expect(response.status == 502)
    #expect(log.all == ["first", "second"])
    #expect(sleeper.delays.isEmpty)
  }

  @Test(arguments: [
    CardError.networkFail(reason: "stop"), .sessionExpired(reason: "gone"), .signedOut,
  ])
  func aMiddlewareThatFailsTheCallThrowsItsErrorAndTheRetryPolicyOutsideDoesNotSendAgain(
    error: CardError
  ) async throws {
    await stubThings([.status(503)])
    let result = await outcome(
      of: client([RetryPolicy(), ScriptedRetry("first", log: log, always: .fail(error))]),
      TestEndpoint.get())
    #expect(result.failure == error)
    #expect(log.all == ["first"])
    #expect(await transport.received.count == 1)
  }

  @Test func retryReasonsAccumulateInTheContextSeenByLaterAttempts() async throws {
    await stubThings([.status(500)])
    let seen = Protected<[[RetryReason]]>([])
    let retry = ScriptedRetry("r", log: log) { _, context in
      seen.withLock { $0.append(context.retries.map(\.reason)) }
      let reasons: [RetryReason] = [.authentication, .transientFailure]
      return context.attempt < 3
        ? .retry(after: .seconds(context.attempt), reason: reasons[context.attempt - 1])
        : .handBack
    }
    let response = try await client([retry]).send(TestEndpoint.get())
    #expect(response.status == 500)
    #expect(
      seen.withLock { $0 } == [[], [.authentication], [.authentication, .transientFailure]])
    #expect(sleeper.delays == [.seconds(1), .seconds(2)])
    #expect(await transport.received.count == 3)
  }

  @Test func twoPipelinesOverOneTransportAndBaseURLKeepTheirOwnChains() async throws {
    await stubThings([.status(200)])
    let blocked = client([FailingMiddleware(error: .credentialStorage(reason: "blocked"), log: log)]
    )
    let open = client([TagMiddleware(tag: "open", log: log)])
    #expect(open.baseURL == blocked.baseURL)

    let response = try await open.send(TestEndpoint.get())
    #expect(response.status == 200)
    #expect(await transport.received.first?.request.headers["X-Tags"] == "open")

    let result = await outcome(of: blocked, TestEndpoint.get())
    #expect(result.failure == .credentialStorage(reason: "blocked"))
    #expect(log.all == ["open saw []", "failing middleware"])
    #expect(await transport.received.count == 1)
  }

  @Test func aMiddlewareSeesTheRequestBeforeTheRestOfTheChainAndTheResponseAfterIt() async throws {
    struct Both: ClientMiddleware {
      let name: String
      let log: CallLog
      func intercept(
        _ request: HTTPRequest, context: RequestContext,
        next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
      ) async throws(CallFailure) -> HTTPResponse {
        log.append("request \(name)")
        let response = try await next(request)
        log.append("response \(name)")
        return response
      }
    }
    await stubThings([.status(500)])
    _ = try await client([Both(name: "1", log: log), Both(name: "2", log: log)])
      .send(TestEndpoint.get())
    #expect(log.all == ["request 1", "request 2", "response 2", "response 1"])
  }
}
