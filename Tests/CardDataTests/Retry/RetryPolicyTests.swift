import CardDataTesting
import CardDomain
import Foundation
import Testing

@testable import CardData

@Suite("Retry policy")
struct RetryPolicyTests {
  private let transport = StubTransport()
  private let sleeper = RecordingSleeper()

  private func client(_ policy: RetryPolicy = RetryPolicy()) -> RequestPipeline {
    RequestPipeline(
      baseURL: testBaseURL, transport: transport, middleware: [policy], sleeper: sleeper)
  }

  private func send(
    _ method: HTTPMethod, replies: [StubReply], policy: RetryPolicy = RetryPolicy()
  ) async -> Result<HTTPResponse, CardError> {
    await transport.stub(method: method, path: "/things", with: replies)
    return await outcome(of: client(policy), TestEndpoint.method(method))
  }

  private var attempts: Int {
    get async { await transport.received.count }
  }

  static let idempotentMethods: [HTTPMethod] = [.get, .put, .delete, .head, .options]
  static let retryableStatuses = [408, 500, 502, 503, 504]
  static let transientKinds: [TransportError.Kind] = [.timedOut, .connectionLost, .cannotConnect]

  @Test(
    arguments: [HTTPMethod.post, .patch],
    [
      StubReply.status(503), .status(500), .status(408), .failure(.of(.timedOut)),
      .failure(.of(.connectionLost)), .failure(.of(.cannotConnect)),
    ])
  func postAndPATCHAreNeverRetriedEvenOn503OrATimeout(method: HTTPMethod, reply: StubReply) async {
    let result = await send(method, replies: [reply, .status(200)])
    switch reply {
    case .response(let response): #expect(result.success?.status == response.status)
    case .failure(let error): #expect(result.failure == .networkFail(reason: error.message))
    case .hold: Issue.record("no held replies here")
    }
    #expect(await attempts == 1)
    #expect(sleeper.delays.isEmpty)
  }

  @Test(arguments: idempotentMethods, retryableStatuses)
  func idempotentMethodsAreRetriedOnRetryableStatusesUpToTheLimitAfter05SThen1S(
    method: HTTPMethod, status: Int
  ) async {
    let result = await send(method, replies: [.status(status)])
    #expect(result.success?.status == status)
    #expect(await attempts == 3)
    #expect(sleeper.delays == [.milliseconds(500), .seconds(1)])
  }

  @Test(arguments: idempotentMethods, transientKinds)
  func idempotentMethodsAreRetriedOnTransientTransportErrorsUpToTheLimit(
    method: HTTPMethod, kind: TransportError.Kind
  ) async {
    let error = TransportError.of(kind)
    let result = await send(method, replies: [.failure(error)])
    #expect(result.failure == .networkFail(reason: error.message))
    #expect(await attempts == 3)
    #expect(sleeper.delays == [.milliseconds(500), .seconds(1)])
  }

  @Test(arguments: [400, 401, 403, 404, 409, 422, 429, 501])
  func otherStatusesAreNotRetried(status: Int) async {
    let result = await send(.get, replies: [.status(status), .status(200)])
    #expect(result.success?.status == status)
    #expect(await attempts == 1)
    #expect(sleeper.delays.isEmpty)
  }

  @Test(arguments: [TransportError.Kind.dnsFailure, .tlsFailure, .invalidRequest, .other])
  func nonTransientTransportErrorsAreNotRetried(kind: TransportError.Kind) async {
    let error = TransportError.of(kind)
    let result = await send(.get, replies: [.failure(error), .status(200)])
    #expect(result.failure == .networkFail(reason: error.message))
    #expect(await attempts == 1)
    #expect(sleeper.delays.isEmpty)
  }

  @Test func successOnTheSecondAttemptReturnsThe200() async {
    let result = await send(
      .get, replies: [.status(503), .status(200, body: "fine"), .status(500)])
    #expect(result.success == .status(200, body: "fine"))
    #expect(await attempts == 2)
    #expect(sleeper.delays == [.milliseconds(500)])
  }

  @Test func aTransportFailureThenASuccessReturnsTheSuccess() async {
    let result = await send(
      .delete, replies: [.failure(.of(.connectionLost)), .failure(.of(.timedOut)), .status(204)])
    #expect(result.success?.status == 204)
    #expect(await attempts == 3)
  }

  @Test(arguments: [0, 1, 4])
  func theLimitIsConfigurable(limit: Int) async {
    let result = await send(.get, replies: [.status(500)], policy: RetryPolicy(limit: limit))
    #expect(result.success?.status == 500)
    #expect(await attempts == limit + 1)
    let expected: [Duration] = [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4)]
    #expect(sleeper.delays == Array(expected.prefix(limit)))
  }

  @Test(arguments: [
    (0, Duration.milliseconds(500)), (1, .milliseconds(500)), (2, .seconds(1)), (3, .seconds(2)),
    (4, .seconds(4)), (5, .seconds(8)), (6, .seconds(10)), (7, .seconds(10)),
    (1_000, .seconds(10)),
  ])
  func delaysGrowByTheMultiplierFromTheBaseDelayAndStopAtTheMaximum(retry: Int, expected: Duration)
  {
    #expect(RetryPolicy().delay(forRetry: retry) == expected)
  }

  @Test func customBackoffSettings() {
    let policy = RetryPolicy(
      baseDelay: .milliseconds(100), multiplier: 3, maximumDelay: .milliseconds(1_000))
    #expect(
      (1...5).map(policy.delay(forRetry:)) == [
        .milliseconds(100), .milliseconds(300), .milliseconds(900), .milliseconds(1_000),
        .milliseconds(1_000),
      ])
  }

  @Test(arguments: [
    ("3", [Duration.seconds(3), .seconds(3)]),
    (" 2 ", [.seconds(2), .seconds(2)]),
    ("0", [.milliseconds(500), .seconds(1)]),
    ("120", [.seconds(10), .seconds(10)]),
    ("soon", [.milliseconds(500), .seconds(1)]),
    ("-5", [.milliseconds(500), .seconds(1)]),
  ])
  func retryAfterInSecondsIsHonouredWhenLongerThanTheBackoffAndCappedAtTheMaximum(
    header: String, expected: [Duration]
  ) async {
    let reply = StubReply.status(503, headers: ["Retry-After": header])
    let result = await send(.get, replies: [reply])
    #expect(result.success?.status == 503)
    #expect(sleeper.delays == expected)
  }

  @Test func retryAfterIsCappedByACustomMaximumDelay() async {
    let policy = RetryPolicy(limit: 1, maximumDelay: .seconds(4))
    _ = await send(.get, replies: [.status(503, headers: ["retry-after": "30"])], policy: policy)
    #expect(sleeper.delays == [.seconds(4)])
  }

  @Test func retriesForOtherReasonsDoNotUseUpTheTransientFailureLimit() async {
    let response = HTTPResponse.status(503)
    func context(after retries: [RetryReason]) -> RequestContext {
      let context = RequestContext(id: 1, endpointName: "e", authorization: .anonymous)
      for reason in retries { context.retrying(reason, after: .zero) }
      return context
    }
    let request = HTTPRequest(method: .get, url: testBaseURL)
    let policy = RetryPolicy()
    #expect(
      policy.delay(
        after: .success(response), of: request,
        context: context(after: [.authentication, .authentication, .authentication]))
        == .milliseconds(500))
    #expect(
      policy.delay(
        after: .success(response), of: request,
        context: context(after: [.transientFailure, .authentication, .transientFailure]))
        == nil)
  }

  @Test func a2xxIsNeverSentAgainEvenWhenItsStatusIsNamedRetryable() async {
    let policy = RetryPolicy(retryableStatuses: [200, 503])
    let result = await send(.get, replies: [.status(200)], policy: policy)
    #expect(result.success?.status == 200)
    #expect(await attempts == 1)
    #expect(sleeper.delays.isEmpty)
  }
}
