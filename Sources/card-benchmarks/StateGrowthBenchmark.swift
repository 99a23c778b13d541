import CardSandbox
import Foundation

/// Whether the sandbox's work per request stays flat as its state grows, on a database file
/// in a temporary directory: the median login of the last 100 of 1,000 against the first
/// 100; then, after 50 cards with a 1 MiB image each, the median `POST /card` (with a 1 MiB
/// image) and login against the same on a fresh state; and the process's resident memory
/// after it all. Goals: each ratio at most 1.5, and less than 100 MiB resident.
struct StateGrowthBenchmark {
  static let ratioGoal = 1.5
  static let memoryGoal: Int64 = 100 << 20

  func run() async -> Int32 {
    do {
      return try await measure()
    } catch {
      printError("state-growth: \(error)")
      return 1
    }
  }

  private func measure() async throws -> Int32 {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-benchmarks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let logins = try CardSandbox(
      stateFile: directory.appendingPathComponent("logins.sqlite"),
      accessTokenLifetime: .seconds(3600))
    var loginTimes: [Duration] = []
    for _ in 0..<1000 { loginTimes.append(try await time(logins, Self.login)) }
    let firstLogins = median(loginTimes.prefix(100))
    let lastLogins = median(loginTimes.suffix(100))

    let cards = try CardSandbox(
      stateFile: directory.appendingPathComponent("cards.sqlite"),
      accessTokenLifetime: .seconds(3600))
    let token = try await accessToken(cards)
    let create = Self.create(token: token)
    let freshCreate = median(try await repeated(10) { try await time(cards, create) })
    let freshLogin = median(try await repeated(10) { try await time(cards, Self.login) })
    for _ in 0..<50 { _ = try await time(cards, create) }
    let grownCreate = median(try await repeated(10) { try await time(cards, create) })
    let grownLogin = median(try await repeated(10) { try await time(cards, Self.login) })
    let resident = residentMemory() ?? 0

    let ratios = [
      ("login, last 100 of 1,000 / first 100", lastLogins / firstLogins, firstLogins, lastLogins),
      (
        "POST /card, after 50 1 MiB cards / fresh", grownCreate / freshCreate, freshCreate,
        grownCreate
      ),
      ("login, after 50 1 MiB cards / fresh", grownLogin / freshLogin, freshLogin, grownLogin),
    ]
    for (name, ratio, before, after) in ratios {
      print(
        "\(name): \(milliseconds(before)) ms → \(milliseconds(after)) ms, ratio "
          + String(format: "%.2f", ratio) + " (goal ≤ \(Self.ratioGoal))")
    }
    print(
      "resident memory after it all: \(resident >> 20) MiB (goal < \(Self.memoryGoal >> 20) MiB)")
    let met = ratios.allSatisfy { $0.1 <= Self.ratioGoal } && resident < Self.memoryGoal
    return met ? 0 : 1
  }

  private static let login = SandboxRequest(
    method: "POST", path: "/auth/login",
    headerFields: [(name: "Content-Type", value: "application/json")],
    body: Data(#"{"userId": "demo", "password": "demo"}"#.utf8))

  /// A card with a 1 MiB PNG.
  private static func create(token: String) -> SandboxRequest {
    let boundary = "benchmark-boundary"
    var body = Data()
    func part(_ headers: String, _ bytes: Data) {
      body.append(Data("--\(boundary)\r\n\(headers)\r\n\r\n".utf8))
      body.append(bytes)
      body.append(Data("\r\n".utf8))
    }
    part(#"Content-Disposition: form-data; name="card.name""#, Data("Benchmark".utf8))
    part(#"Content-Disposition: form-data; name="card.defaultImage""#, Data("1".utf8))
    let png = Data(
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: (1 << 20) - 8)
    )
    part(
      "Content-Disposition: form-data; name=\"image\"; filename=\"a.png\"\r\nContent-Type: image/png",
      png)
    body.append(Data("--\(boundary)--\r\n".utf8))
    return SandboxRequest(
      method: "POST", path: "/card",
      headerFields: [
        (name: "Content-Type", value: "multipart/form-data; boundary=\(boundary)"),
        (name: "Authorization", value: "Bearer \(token)"),
      ],
      body: body)
  }

  private func accessToken(_ sandbox: CardSandbox) async throws -> String {
    let reply = try await sandbox.handle(Self.login)
    let object = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
    guard let data = object?["data"] as? [String: Any], let token = data["accessToken"] as? String
    else { throw BenchmarkFailure("the login answered \(reply.status)") }
    return token
  }

  private func time(_ sandbox: CardSandbox, _ request: SandboxRequest) async throws -> Duration {
    let start = ContinuousClock.now
    let reply = try await sandbox.handle(request)
    let elapsed = ContinuousClock.now - start
    guard (200..<300).contains(reply.status) else {
      throw BenchmarkFailure("\(request) answered \(reply.status)")
    }
    return elapsed
  }

  private func repeated(_ count: Int, _ body: () async throws -> Duration) async throws
    -> [Duration]
  {
    var times: [Duration] = []
    for _ in 0..<count { times.append(try await body()) }
    return times
  }

  private func median<Times: Collection<Duration>>(_ times: Times) -> Duration {
    times.sorted()[times.count / 2]
  }

  private func milliseconds(_ time: Duration) -> String {
    let (seconds, attoseconds) = time.components
    return String(format: "%.2f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
  }

  /// The process's resident set size in bytes (`VmRSS` on Linux), or `nil` elsewhere.
  private func residentMemory() -> Int64? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Int64($0) })
    else { return nil }
    return kibibytes * 1024
  }
}
