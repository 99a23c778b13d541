import CardData
import CardDomain
import CardPrimitives
import CardTestSupport
import Foundation
import Testing

@Suite("APIClient attempt loop")
struct APIClientTests {
  private let transport = StubTransport()
  private let log = CallLog()
  private let sleeper = RecordingSleeper()

  private func client(
    adapters: [any RequestAdapter] = [], retriers: [any RequestRetrier] = []
  ) -> RequestPipeline {
    RequestPipeline(
      baseURL: testBaseURL, transport: transport,
      interceptor: Interceptor(adapters: adapters, retriers: retriers), sleeper: sleeper)
  }

  private func stubThings(_ replies: [StubReply]) async {
    await transport.stub(method: .get, path: "/things", with: replies)
  }

  @Test("a non-2xx status reaches the retriers by default", arguments: [401, 503])
  func failingStatusReachesRetriers(status: Int) async throws {
    await stubThings([.status(status, body: "nope")])
    let shown = Protected<[ScriptedRetrier.Outcome]>([])
    let retrier = ScriptedRetrier("watcher", log: log) { failure, _ in
      shown.withLock { $0.append(failure) }
      return .noDecision
    }
    let response = try await client(retriers: [retrier]).send(TestEndpoint.get())
    #expect(response.status == status)
    #expect(shown.withLock { $0 } == [.success(.status(status, body: "nope"))])
    #expect(await transport.received.count == 1)
  }

  @Test(
    "with no retrier deciding, the final 4xx or 5xx response is returned, not thrown",
    arguments: [400, 401, 404, 409, 500, 503])
  func finalErrorResponseIsReturned(status: Int) async throws {
    await stubThings([.status(status, body: #"{"message":"x"}"#)])
    let response = try await client().send(TestEndpoint.get())
    #expect(response.status == status)
    #expect(response.body == Data(#"{"message":"x"}"#.utf8))
  }

  @Test("a 2xx response is accepted without asking the retriers")
  func successSkipsRetriers() async throws {
    await stubThings([.status(201)])
    let retrier = ScriptedRetrier(
      "r", log: log, always: .retry(after: .zero, reason: .transientFailure))
    let response = try await client(retriers: [retrier]).send(TestEndpoint.get())
    #expect(response.status == 201)
    #expect(log.all.isEmpty)
  }

  @Test("a transport failure with no retry throws networkFail with the transport's message")
  func transportFailureThrows() async throws {
    let error = TransportError(.dnsFailure, "no such host")
    await stubThings([.failure(error)])
    let shown = Protected<[ScriptedRetrier.Outcome]>([])
    let retrier = ScriptedRetrier("r", log: log) { failure, _ in
      shown.withLock { $0.append(failure) }
      return .noDecision
    }
    let result = await outcome(of: client(retriers: [retrier]), TestEndpoint.get())
    #expect(result.failure == .networkFail(reason: "no such host"))
    #expect(shown.withLock { $0 } == [.failure(error)])
  }

  @Test("adapters run in order, each on the previous one's output")
  func adaptersRunInOrder() async throws {
    await stubThings([.status(200)])
    let adapters = ["a", "b", "c"].map { TagAdapter(tag: $0, log: log) }
    _ = try await client(adapters: adapters).send(TestEndpoint.get())
    #expect(log.all == ["a saw []", "b saw [a]", "c saw [a,b]"])
    #expect(await transport.received.first?.request.headers["X-Tags"] == "a,b,c")
  }

  @Test("adapters run again for every attempt, on the request as built")
  func adaptersRunPerAttempt() async throws {
    await stubThings([.status(500), .status(200)])
    let retrier = ScriptedRetrier("r", log: CallLog()) { _, context in
      context.attempt == 1 ? .retry(after: .zero, reason: .transientFailure) : .noDecision
    }
    let response = try await client(adapters: [TagAdapter(tag: "a", log: log)], retriers: [retrier])
      .send(TestEndpoint.get())
    #expect(response.status == 200)
    #expect(log.all == ["a saw []", "a saw []"])
    #expect(await transport.received.map { $0.request.headers["X-Tags"] } == ["a", "a"])
  }

  @Test("the first failing adapter stops the request: later adapters and the transport never run")
  func failingAdapterStops() async throws {
    await stubThings([.status(200)])
    let adapters: [any RequestAdapter] = [
      TagAdapter(tag: "a", log: log), FailingAdapter(error: .signedOut, log: log),
      TagAdapter(tag: "c", log: log),
    ]
    let retrier = ScriptedRetrier(
      "r", log: log, always: .retry(after: .zero, reason: .transientFailure))
    let result = await outcome(
      of: client(adapters: adapters, retriers: [retrier]), TestEndpoint.get())
    #expect(result.failure == .signedOut)
    #expect(log.all == ["a saw []", "failing adapter"])
    #expect(await transport.received.isEmpty)
  }

  @Test("retriers are asked in order; the first decision wins and later ones are not asked")
  func firstDecisionWins() async throws {
    await stubThings([.status(503), .status(200)])
    let retriers = [
      ScriptedRetrier("first", log: log, always: .noDecision),
      ScriptedRetrier("second", log: log) { _, context in
        context.attempt == 1
          ? .retry(after: .milliseconds(250), reason: .authentication) : .noDecision
      },
      ScriptedRetrier("third", log: log, always: .fail(.signedOut)),
    ]
    let response = try await client(retriers: retriers).send(TestEndpoint.get())
    #expect(response.status == 200)
    #expect(log.all == ["first", "second"])
    #expect(sleeper.delays == [.milliseconds(250)])
    #expect(await transport.received.count == 2)
  }

  @Test("when every retrier has no decision on a retried failure, the failure stands")
  func allNoDecision() async throws {
    await stubThings([.status(502)])
    let retriers = [
      ScriptedRetrier("first", log: log, always: .noDecision),
      ScriptedRetrier("second", log: log, always: .noDecision),
    ]
    let response = try await client(retriers: retriers).send(TestEndpoint.get())
    #expect(response.status == 502)
    #expect(log.all == ["first", "second"])
    #expect(sleeper.delays.isEmpty)
  }

  @Test(
    "a .fail decision throws its error and stops asking",
    arguments: [
      CardError.networkFail(reason: "stop"), .sessionExpired(reason: "gone"), .signedOut,
    ])
  func failDecisionThrows(error: CardError) async throws {
    await stubThings([.status(401)])
    let retriers = [
      ScriptedRetrier("first", log: log, always: .fail(error)),
      ScriptedRetrier("second", log: log, always: .retry(after: .zero, reason: .transientFailure)),
    ]
    let result = await outcome(of: client(retriers: retriers), TestEndpoint.get())
    #expect(result.failure == error)
    #expect(log.all == ["first"])
    #expect(await transport.received.count == 1)
  }

  @Test("retry reasons accumulate in the context seen by later attempts")
  func retryReasonsAccumulate() async throws {
    await stubThings([.status(500)])
    let seen = Protected<[[RetryReason]]>([])
    let retrier = ScriptedRetrier("r", log: log) { _, context in
      seen.withLock { $0.append(context.retries) }
      let reasons: [RetryReason] = [.authentication, .transientFailure]
      return context.attempt < 3
        ? .retry(after: .seconds(context.attempt), reason: reasons[context.attempt - 1])
        : .noDecision
    }
    let response = try await client(retriers: [retrier]).send(TestEndpoint.get())
    #expect(response.status == 500)
    #expect(
      seen.withLock { $0 } == [[], [.authentication], [.authentication, .transientFailure]])
    #expect(sleeper.delays == [.seconds(1), .seconds(2)])
    #expect(await transport.received.count == 3)
  }

  @Test("with(interceptor:) swaps the interceptor and shares transport and base URL")
  func withInterceptor() async throws {
    await stubThings([.status(200)])
    let blocked = client(adapters: [
      FailingAdapter(error: .credentialStorage(reason: "blocked"), log: log)
    ])
    let open = blocked.with(interceptor: Interceptor(adapters: [TagAdapter(tag: "open", log: log)]))
    #expect(open.baseURL == blocked.baseURL)

    let response = try await open.send(TestEndpoint.get())
    #expect(response.status == 200)
    #expect(await transport.received.first?.request.headers["X-Tags"] == "open")

    let result = await outcome(of: blocked, TestEndpoint.get())
    #expect(result.failure == .credentialStorage(reason: "blocked"))
    #expect(log.all == ["open saw []", "failing adapter"])
    #expect(await transport.received.count == 1)
  }

  @Test("Interceptor([...]) adapts and retries with the same objects in the given order")
  func interceptorOfBoth() async throws {
    struct Both: RequestAdapter, RequestRetrier {
      let name: String
      let log: CallLog
      func adapt(_ request: HTTPRequest, context: RequestContext) async throws(CardError)
        -> HTTPRequest
      {
        log.append("adapt \(name)")
        return request
      }
      func retry(
        _ request: HTTPRequest, after outcome: Result<HTTPResponse, TransportError>,
        context: RequestContext
      ) async -> RetryDecision {
        log.append("retry \(name)")
        return .noDecision
      }
    }
    await stubThings([.status(500)])
    let interceptor = Interceptor([Both(name: "1", log: log), Both(name: "2", log: log)])
    let client = RequestPipeline(
      baseURL: testBaseURL, transport: transport, interceptor: interceptor)
    _ = try await client.send(TestEndpoint.get())
    #expect(log.all == ["adapt 1", "adapt 2", "retry 1", "retry 2"])
  }
}
