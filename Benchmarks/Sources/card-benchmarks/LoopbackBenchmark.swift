import CardData
import CardDomain
import CardInfrastructure
import CardReplies
import Foundation
import LoopbackHTTPTestServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a user feels of the client over a real socket: `GET /card/c1` through the whole
/// client (`CardAPI` over `URLSessionTransport`, the Bearer token from the encrypted file
/// store, the middleware chain with the request log off, judging and mapping the reply)
/// against a bare `URLSession` data task for the same URL and bytes, both against the
/// loopback server, in alternating batches within one run. The figure is calls per second of
/// process CPU time (the server's included, the same for all) of the client over those of the
/// bare task: on a busy machine, wall time measures the neighbours.
struct LoopbackBenchmark {
  let rounds: Int
  static let goal = 0.95
  private static let callsPerBatch = 50

  func run() async -> Int32 {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-benchmarks-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let server = try LoopbackHTTPServer { _ in
        .keepAlive(status: 200, headers: [("Content-Type", "application/json")], body: Replies.card)
      }
      defer { server.stop() }
      let store = try EncryptedFileCredentialStore(
        configuration: .init(directory: directory.appendingPathComponent("session")))
      try await store.save(
        AuthCredential(
          userID: "demo", accessToken: "benchmark-access", refreshToken: "benchmark-refresh",
          expiresAt: Date().addingTimeInterval(86_400)))
      let cards = CardAPI(
        baseURL: server.url(), transport: URLSessionTransport(), store: store,
        log: RequestLog(.call, isEnabled: { false }, write: { _ in }), deadline: CallDeadline()
      ).cards
      let session = URLSession(configuration: .ephemeral)
      var request = URLRequest(url: server.url("/card/c1"))
      request.setValue("application/json", forHTTPHeaderField: "Accept")
      request.setValue("Bearer benchmark-access", forHTTPHeaderField: "Authorization")
      let id = try CardID("c1")
      let bare = { [request] in
        let (data, _) = try await session.data(for: request)
        guard data.count == Replies.card.count else { throw BenchmarkFailure("a short reply") }
      }
      let full = { _ = try await cards.card(id: id) }
      // The transport alone, as the chain's last step hands it the request: what the chain,
      // the judging and the mapping add on top of it.
      let transport = URLSessionTransport()
      let sent = HTTPRequest(
        method: .get, url: server.url("/card/c1"),
        headers: ["Accept": "application/json", "Authorization": "Bearer benchmark-access"])
      let transportOnly = {
        let response = try await transport.send(sent)
        guard response.body.count == Replies.card.count else {
          throw BenchmarkFailure("a short reply")
        }
      }
      // One untimed batch of each, to open the connections and warm the caches.
      for _ in 0..<Self.callsPerBatch {
        try await bare()
        try await transportOnly()
        try await full()
      }
      var bareTime = Duration.zero
      var fullTime = Duration.zero
      var transportTime = Duration.zero
      for _ in 0..<rounds {
        bareTime += try await cpuTime { for _ in 0..<Self.callsPerBatch { try await bare() } }
        transportTime += try await cpuTime {
          for _ in 0..<Self.callsPerBatch { try await transportOnly() }
        }
        fullTime += try await cpuTime { for _ in 0..<Self.callsPerBatch { try await full() } }
      }
      let calls = Double(rounds * Self.callsPerBatch)
      let perCall = { (time: Duration) in String(format: "%.1f", time.timeInterval * 1e6 / calls) }
      let ratio = bareTime / fullTime
      print("loopback: GET /card/c1, \(rounds) interleaved rounds of \(Self.callsPerBatch) calls")
      print(
        "  bare URLSession \(perCall(bareTime)) µs per call, full client \(perCall(fullTime)) µs "
          + "per call: the client at \(String(format: "%.2f", ratio))× the bare speed")
      print(
        "  URLSessionTransport alone \(perCall(transportTime)) µs per call: the client at "
          + "\(String(format: "%.2f", transportTime / fullTime))× its speed")
      let met = ratio >= Self.goal
      print(met ? "PASS: at least \(Self.goal)×" : "FAIL: below \(Self.goal)×")
      return met ? 0 : 1
    } catch {
      printError("FAIL: \(error)")
      return 1
    }
  }
}

/// The process CPU time that `body` took, all threads together.
private func cpuTime(_ body: () async throws -> Void) async rethrows -> Duration {
  let start = processCPUTime()
  try await body()
  return processCPUTime() - start
}
