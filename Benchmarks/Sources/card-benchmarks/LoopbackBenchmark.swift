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
/// loopback server, in alternating batches within one run. The figure is what a user waits
/// for: the median over rounds of the bare batch's wall time over the client's, each round
/// timing both back to back (in turn first) so that a busy neighbour slows both alike. The
/// process CPU time of each (the server's included, the same for all) is printed beside it:
/// it says what the client adds to the work, which wall time on loopback partly hides.
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
      let store = try await signedInStore(in: directory)
      let cards = CardAPI(
        baseURL: server.url(), transport: URLSessionTransport(), store: store,
        log: RequestLog(.call, isEnabled: { false }, write: { _ in }), deadline: CallDeadline()
      ).cards
      let session = URLSession(configuration: .ephemeral)
      var request = URLRequest(url: server.url("/card/c1"))
      request.setValue("application/json", forHTTPHeaderField: "Accept")
      request.setValue("Bearer \(benchmarkAccessToken)", forHTTPHeaderField: "Authorization")
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
        headers: ["Accept": "application/json", "Authorization": "Bearer \(benchmarkAccessToken)"])
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
      var ratios: [Double] = []
      var cpu = (bare: Duration.zero, transport: Duration.zero, full: Duration.zero)
      for round in 0..<rounds {
        let bareBatch = {
          try await measured { for _ in 0..<Self.callsPerBatch { try await bare() } }
        }
        let fullBatch = {
          try await measured { for _ in 0..<Self.callsPerBatch { try await full() } }
        }
        let bareTimes: (wall: Duration, cpu: Duration)
        let fullTimes: (wall: Duration, cpu: Duration)
        if round.isMultiple(of: 2) {
          bareTimes = try await bareBatch()
          fullTimes = try await fullBatch()
        } else {
          fullTimes = try await fullBatch()
          bareTimes = try await bareBatch()
        }
        let transportTimes = try await measured {
          for _ in 0..<Self.callsPerBatch { try await transportOnly() }
        }
        ratios.append(bareTimes.wall / fullTimes.wall)
        cpu.bare += bareTimes.cpu
        cpu.full += fullTimes.cpu
        cpu.transport += transportTimes.cpu
      }
      ratios.sort()
      let median = ratios[ratios.count / 2]
      let calls = Double(rounds * Self.callsPerBatch)
      let perCall = { (time: Duration) in String(format: "%.1f", time.timeInterval * 1e6 / calls) }
      let format = { (value: Double) in String(format: "%.2f", value) }
      print("loopback: GET /card/c1, \(rounds) interleaved rounds of \(Self.callsPerBatch) calls")
      print(
        "  wall time, the client at \(format(median))× the bare speed (median; min "
          + "\(format(ratios[0])), max \(format(ratios[ratios.count - 1])))")
      print(
        "  CPU per call: bare URLSession \(perCall(cpu.bare)) µs, URLSessionTransport alone "
          + "\(perCall(cpu.transport)) µs, full client \(perCall(cpu.full)) µs: the client at "
          + "\(format(cpu.bare / cpu.full))× the bare CPU speed")
      let met = median >= Self.goal
      print(met ? "PASS: at least \(Self.goal)×" : "FAIL: below \(Self.goal)×")
      return met ? 0 : 1
    } catch {
      printError("FAIL: \(error)")
      return 1
    }
  }
}
