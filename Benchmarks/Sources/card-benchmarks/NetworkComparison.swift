import AsyncHTTPClient
import CardAsyncHTTPClient
import CardData
import CardDomain
import CardInfrastructure
import CardReplies
import Foundation
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `GET /cards` answering the 20-card list (``Replies/networkList``), sent to a server given
/// by its base URL (`Benchmarks/network-comparison.sh` starts nginx for it) by seven clients
/// in one process. The goals judge four: a bare `URLSession` data task, a bare AsyncHTTPClient `execute`, and the whole
/// client as an app builds it (`CardAPI`, the Bearer token from the encrypted file store, the
/// middleware chain with the request log off, judging and mapping the 20 cards) over
/// `URLSessionTransport` and over `AsyncHTTPClientTransport`. Each sends its calls one after
/// the other, then with 32 in flight. In every round each client sends one batch in each mode,
/// each in turn first, so that a busy neighbour slows all alike; a client's figure is its
/// requests per second over the bare `URLSession`'s in the same round, and the median of a
/// goal's ratio over rounds is judged. The process CPU time per request is printed beside it: nginx runs in a
/// process of its own, so it is the clients' alone. Three more clients say where the full
/// client's time goes: `AsyncHTTPClientTransport` alone (the request as the chain's last step
/// hands it over, no chain, no decoding), and each raw call followed by a bare `JSONDecoder`
/// decode of the 20 cards into plain structs.
///
/// Each goal is judged twice: against the raw call, as stated, and against the same raw call
/// that also decodes, which is what a hand-written client of the endpoint does. Decoding with
/// `JSONDecoder` alone costs nearly as much CPU as raw AsyncHTTPClient's whole request, so no
/// client that decodes with it can reach 0.95× a raw call that does not (BENCHMARKS.md).
struct NetworkComparison {
  let baseURL: URL
  let rounds: Int

  static let inFlight = 32
  /// Calls in one batch: long enough to dwarf a scheduling hiccup, short enough for rounds.
  static let sequentialCalls = 200
  static let callsPerTaskInFlight = 16

  /// One of the clients, as a call that fails unless the whole 20-card reply came back.
  private struct Arm: Sendable {
    let name: String
    let call: @Sendable () async throws -> Void
  }

  /// How calls are sent: one after the other, or `tasks` loops at once.
  private struct Mode {
    let name: String
    let tasks: Int
    let callsPerTask: Int
    var calls: Int { tasks * callsPerTask }
  }

  /// The goals, each a median ratio of requests per second within a round.
  private struct Goal {
    let arm: Int
    let against: Int
    let sequential: Double
    let inFlight: Double
  }

  /// The arms' places in ``makeArms(store:)``'s list.
  private static let (rawURLSession, rawAHC, clientURLSession, clientAHC) = (0, 1, 2, 3)
  private static let (rawAHCDecoding, rawURLSessionDecoding) = (5, 6)
  private static let goals = [
    Goal(arm: clientAHC, against: rawURLSession, sequential: 1.6, inFlight: 2.5),
    Goal(arm: clientAHC, against: rawAHC, sequential: 0.95, inFlight: 0.95),
    Goal(arm: clientURLSession, against: rawURLSession, sequential: 0.95, inFlight: 0.95),
    Goal(arm: clientAHC, against: rawURLSessionDecoding, sequential: 1.6, inFlight: 2.5),
    Goal(arm: clientAHC, against: rawAHCDecoding, sequential: 0.95, inFlight: 0.95),
    Goal(arm: clientURLSession, against: rawURLSessionDecoding, sequential: 0.95, inFlight: 0.95),
  ]

  func run() async -> Int32 {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-benchmarks-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let arms = try await makeArms(store: try await signedInStore(in: directory))
      let modes = [
        Mode(name: "sequential", tasks: 1, callsPerTask: Self.sequentialCalls),
        Mode(
          name: "\(Self.inFlight) in flight", tasks: Self.inFlight,
          callsPerTask: Self.callsPerTaskInFlight),
      ]
      // One untimed batch of each, to open the connections and warm the caches.
      for mode in modes {
        for arm in arms { _ = try await measured { try await send(arm, mode) } }
      }
      print(
        "network: GET \(url.absoluteString), a \(Replies.networkList.count)-byte reply of 20 "
          + "cards, \(rounds) interleaved rounds")
      var met = true
      for mode in modes {
        var samples = Array(repeating: [(wall: Duration, cpu: Duration)](), count: arms.count)
        for round in 0..<rounds {
          for turn in 0..<arms.count {
            let index = (round + turn) % arms.count
            samples[index].append(try await measured { try await send(arms[index], mode) })
          }
        }
        met = report(mode, arms: arms, samples: samples) && met
      }
      print(met ? "PASS: every goal met" : "FAIL: a goal missed")
      return met ? 0 : 1
    } catch {
      printError("FAIL: \(error)")
      return 1
    }
  }

  private var url: URL { baseURL.appendingPathComponent("cards") }

  private func makeArms(store: EncryptedFileCredentialStore) async throws -> [Arm] {
    let expected = Replies.networkList.count
    let session = URLSession(configuration: .ephemeral)
    var request = URLRequest(url: url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("Bearer \(benchmarkAccessToken)", forHTTPHeaderField: "Authorization")
    let rawURLSession = Arm(name: "raw URLSession") { [request] in
      let (data, response) = try await session.data(for: request)
      guard (response as? HTTPURLResponse)?.statusCode == 200, data.count == expected else {
        throw BenchmarkFailure("raw URLSession: not the 20-card reply: \(response)")
      }
    }
    let rawURLSessionDecoding = Arm(name: "raw URLSession + JSONDecoder") { [request] in
      let (data, response) = try await session.data(for: request)
      guard (response as? HTTPURLResponse)?.statusCode == 200 else {
        throw BenchmarkFailure("raw URLSession: not the 20-card reply: \(response)")
      }
      try decodeTwentyCards(data)
    }
    var outgoing = HTTPClientRequest(url: url.absoluteString)
    outgoing.headers.add(name: "Accept", value: "application/json")
    outgoing.headers.add(name: "Authorization", value: "Bearer \(benchmarkAccessToken)")
    let fetch = { @Sendable [outgoing] () async throws -> ByteBuffer in
      let response = try await HTTPClient.shared.execute(outgoing, timeout: .seconds(30))
      let body = try await response.body.collect(upTo: 1 << 20)
      guard response.status == .ok, body.readableBytes == expected else {
        throw BenchmarkFailure("raw AsyncHTTPClient: not the 20-card reply: \(response.status)")
      }
      return body
    }
    let rawAHC = Arm(name: "raw AsyncHTTPClient") { _ = try await fetch() }
    let rawAHCDecoding = Arm(name: "raw AsyncHTTPClient + JSONDecoder") {
      try decodeTwentyCards(Data(try await fetch().readableBytesView))
    }
    let transport = AsyncHTTPClientTransport()
    let sent = HTTPRequest(
      method: .get, url: url,
      headers: ["Accept": "application/json", "Authorization": "Bearer \(benchmarkAccessToken)"])
    let transportAlone = Arm(name: "AsyncHTTPClientTransport alone") {
      let response = try await transport.send(sent)
      guard response.status == 200, response.body.count == expected else {
        throw BenchmarkFailure("AsyncHTTPClientTransport: not the 20-card reply")
      }
    }
    func client(_ name: String, _ transport: any HTTPTransport) -> Arm {
      let cards = CardAPI(
        baseURL: baseURL, transport: transport, store: store,
        log: RequestLog(.call, isEnabled: { false }, write: { _ in }), deadline: CallDeadline()
      ).cards
      return Arm(name: name) {
        let list = try await cards.cards()
        guard list.count == 20 else { throw BenchmarkFailure("\(name): \(list.count) cards") }
      }
    }
    return [
      rawURLSession, rawAHC,
      client("CardAPI + URLSessionTransport", URLSessionTransport()),
      client("CardAPI + AsyncHTTPClientTransport", transport),
      transportAlone, rawAHCDecoding, rawURLSessionDecoding,
    ]
  }

  /// What a hand-written client does with the reply: a bare decode into plain structs.
  private func decodeTwentyCards(_ data: Data) throws {
    let reply = try JSONDecoder().decode(PlainEnvelope<[PlainCard]>.self, from: data)
    guard reply.data?.count == 20 else { throw BenchmarkFailure("not 20 cards") }
  }

  private func send(_ arm: Arm, _ mode: Mode) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<mode.tasks {
        group.addTask { for _ in 0..<mode.callsPerTask { try await arm.call() } }
      }
      try await group.waitForAll()
    }
  }

  /// Prints the mode's table and the goals it judges; `true` when every goal is met.
  private func report(
    _ mode: Mode, arms: [Arm], samples: [[(wall: Duration, cpu: Duration)]]
  ) -> Bool {
    let calls = Double(mode.calls)
    let rates = samples.map { $0.map { calls / $0.wall.timeInterval } }
    let cpu = samples.map { $0.map { $0.cpu.timeInterval * 1e6 / calls } }
    let ratio = { (arm: Int, against: Int) in
      zip(rates[arm], rates[against]).map { $0 / $1 }
    }
    print("  \(mode.name), \(mode.calls) calls a batch (min / median / max over rounds):")
    for (index, arm) in arms.enumerated() {
      print(
        "    \(arm.name.padding(toLength: 36, withPad: " ", startingAt: 0))"
          + " req/s \(spread(rates[index], "%.0f"))"
          + "; CPU µs/req \(spread(cpu[index], "%.1f"))"
          + "; × raw URLSession \(spread(ratio(index, Self.rawURLSession), "%.2f"))")
    }
    var met = true
    for goal in Self.goals {
      let target = mode.tasks == 1 ? goal.sequential : goal.inFlight
      let ratios = ratio(goal.arm, goal.against)
      let median = ratios.sorted()[ratios.count / 2]
      let verdict = median >= target ? "met" : "MISSED"
      print(
        "    goal: \(arms[goal.arm].name) ≥ \(target)× \(arms[goal.against].name): median "
          + "\(String(format: "%.2f", median))× (\(verdict))")
      met = met && median >= target
    }
    return met
  }

  /// `min / median / max`.
  private func spread(_ values: [Double], _ format: String) -> String {
    let sorted = values.sorted()
    return [sorted[0], sorted[sorted.count / 2], sorted[sorted.count - 1]]
      .map { String(format: format, $0) }.joined(separator: " / ")
  }
}
