import CardData
import CardDomain
import CardInfrastructure
import CardReplies
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much the whole client costs over decoding the reply: a full repository call (the
/// request built from the endpoint, the Bearer token from the encrypted credential file, a
/// transport that returns fixed bytes, the status, one decode of the envelope, the mapping
/// to entities) against a bare `JSONDecoder` decode of the same bytes into plain structs.
/// Both are measured in process CPU time, in alternating batches within one run, so that
/// whatever else the machine does weighs on both alike; the figure is their ratio.
struct PipelineBenchmark {
  let rounds: Int
  static let goal = 2.0

  func run() async -> Int32 {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-benchmarks-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let store = try await signedInStore(in: directory)
      print("pipeline: process CPU time per call, \(rounds) interleaved rounds")
      var met = true
      for scenario in Scenario.all {
        met = try await measure(scenario, store: store) <= Self.goal && met
      }
      print(met ? "PASS: at most \(Self.goal)×" : "FAIL: above \(Self.goal)×")
      return met ? 0 : 1
    } catch {
      printError("FAIL: \(error)")
      return 1
    }
  }

  private struct Scenario: Sendable {
    let name: String
    let reply: Data
    let callsPerBatch: Int
    let decodeBare: @Sendable (Data) throws -> Void
    let callRepository: @Sendable (RemoteCardRepository) async throws -> Void

    static let all = [
      Scenario(
        name: "one card", reply: Replies.card, callsPerBatch: 200,
        decodeBare: { _ = try JSONDecoder().decode(PlainEnvelope<PlainCard>.self, from: $0) },
        callRepository: { _ = try await $0.card(id: try CardID("c1")) }),
      Scenario(
        name: "100-card list", reply: Replies.list, callsPerBatch: 10,
        decodeBare: { _ = try JSONDecoder().decode(PlainEnvelope<[PlainCard]>.self, from: $0) },
        callRepository: { _ = try await $0.cards() }),
    ]
  }

  /// Prints the figures of `scenario` and returns the ratio.
  private func measure(_ scenario: Scenario, store: EncryptedFileCredentialStore) async throws
    -> Double
  {
    let transport = FixedReply(body: scenario.reply)
    // Wired as the composition root wires the app: the request log (off) and an observer of
    // finished calls around the retry policy and authentication.
    let repository = CardAPI(
      baseURL: URL(string: "https://cards.example")!, transport: transport, store: store,
      middleware: [FinishObserver()],
      log: RequestLog(.call, isEnabled: { false }, write: { _ in })
    ).cards
    // One untimed round to warm caches and the decrypted credential.
    try scenario.decodeBare(scenario.reply)
    try await scenario.callRepository(repository)

    var bare = Duration.zero
    var full = Duration.zero
    for _ in 0..<rounds {
      var start = processCPUTime()
      for _ in 0..<scenario.callsPerBatch { try scenario.decodeBare(scenario.reply) }
      bare += processCPUTime() - start
      start = processCPUTime()
      for _ in 0..<scenario.callsPerBatch { try await scenario.callRepository(repository) }
      full += processCPUTime() - start
    }
    let calls = Double(rounds * scenario.callsPerBatch)
    let microseconds = { (time: Duration) in
      String(format: "%.1f", time.timeInterval * 1e6 / calls)
    }
    print(
      "  \(scenario.name.padding(toLength: 14, withPad: " ", startingAt: 0)) "
        + "\(scenario.reply.count) bytes: bare decode \(microseconds(bare)) µs, repository call "
        + "\(microseconds(full)) µs, ratio \(String(format: "%.2f", full / bare))×")
    return full / bare
  }
}

/// All threads together.
func processCPUTime() -> Duration {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

private struct FixedReply: HTTPTransport {
  let response: HTTPResponse
  init(body: Data) {
    response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
  }
  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse { response }
}

/// Looks at every finished call, as the app's refresh notice does.
private struct FinishObserver: ClientMiddleware {
  func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse {
    let response = try await next(request)
    if context.endpointName == "refresh", (200..<300).contains(response.status) {
      print("refreshed")
    }
    return response
  }
}
