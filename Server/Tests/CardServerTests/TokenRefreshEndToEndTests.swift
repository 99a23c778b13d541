import Foundation
import Testing

/// Access tokens expiring and refreshed over the wire, counted in the server's request log,
/// through `card-repl` processes. The Data layer's own case, many requests at once on an
/// expired token, runs over each transport in `EndToEndTests.DataLayer`.
extension EndToEndTests {
  @Suite("Tokens over the wire")
  struct TokenRefresh {
    private static let refreshed = "note: access token refreshed"
    /// The first words of a failed command's line.
    private static let failures = [
      "requestErr:", "pathErr:", "serverErr:", "networkFail:", "signedOut:", "invalid:",
    ]

    /// Sends `cards --short` and reads its lines: up to the last card's, or a failure's.
    private static func listCards(_ process: CardREPLProcess.Interactive) async throws -> [String] {
      try process.send("cards --short")
      var lines: [String] = []
      while true {
        let line = try await process.nextLine()
        lines.append(line)
        if line.hasPrefix("c2 ") || failures.contains(where: line.hasPrefix) { return lines }
      }
    }

    @Test func aTokenPastHalfItsLifeIsRefreshedBeforeUseWithNo401() async throws {
      try await EndToEnd.withREPL(accessTokenLifetime: .seconds(2)) { _, repl, log in
        let process = try repl.start()
        defer { process.kill() }
        try process.send("login demo demo")
        #expect(try await process.nextLine() == "signed in as demo")
        var sawRefresh = false
        // A safety limit on the loop, not a deadline: each pass waits for its answer, and the
        // token is past half its life after one second.
        for _ in 0..<10_000 where !sawRefresh {
          let lines = try await Self.listCards(process)
          #expect(lines.last?.hasPrefix("c2 ") == true, "\(lines)")
          guard lines.last?.hasPrefix("c2 ") == true else { break }
          sawRefresh = lines.contains(Self.refreshed)
        }
        #expect(sawRefresh)
        #expect(try await process.finish() == 0)
        let lines = try await log.settle()
        let firstRefresh = try #require(
          lines.firstIndex { $0.hasPrefix("POST /auth/refresh 200 ") }, "\(lines)")
        #expect(!lines[..<firstRefresh].contains { $0.contains(" 401 ") }, "\(lines)")
      }
    }

    @Test func a401RefreshesTheTokenAndRetriesTheRequestOnce() async throws {
      try await EndToEnd.withREPL { server, repl, log in
        #expect(try await repl.run(commands: "login demo demo").status == 0)
        try await AdminRequest.post(server.url, "expire-token")
        let run = try await repl.run(commands: "card get c1")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.lines.first == Self.refreshed)
        #expect(run.lines.contains("id             c1"))
        let lines = try await log.settle().filter { !$0.hasPrefix("POST /_sandbox/") }
        let requests = lines.map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
        #expect(
          requests == [
            "POST /auth/login 200", "GET /card/c1 401", "POST /auth/refresh 200",
            "GET /card/c1 200",
          ])
      }
    }

    @Test func aRevokedRefreshTokenSignsTheUserOut() async throws {
      try await EndToEnd.withREPL { server, repl, log in
        #expect(try await repl.run(commands: "login demo demo").status == 0)
        try await AdminRequest.post(server.url, "revoke-refresh")
        try await AdminRequest.post(server.url, "expire-token")
        let run = try await repl.run(commands: "cards; whoami")
        #expect(run.status == 1)
        #expect(run.lines.first?.hasPrefix("signedOut: ") == true, "\(run.output)")
        let again = try await repl.run(commands: "cards")
        #expect(again.lines == ["signedOut: not signed in; use login first"])
        let lines = try await log.settle()
        #expect(lines.count { $0.hasPrefix("POST /auth/refresh 401 ") } == 1, "\(lines)")
      }
    }

    @Test func fourCardReplProcessesOnOneHomeThroughSeveralExpiriesOneRefreshEach() async throws {
      let halfLife = Duration.seconds(1)
      let expiries = 8
      // No reuse interval: a refresh token presented a second time, by a process that
      // refreshed for an expiry another had already refreshed for, is refused with 401 and
      // signs that process out. Every refresh answering 200 is thus one per expiry.
      try await EndToEnd.withREPL(
        accessTokenLifetime: halfLife * 2, refreshTokenReuseInterval: .zero
      ) { _, repl, log in
        #expect(try await repl.run(commands: "login demo demo").status == 0)
        let outcomes = try await withThrowingTaskGroup(of: (Int32, [String]).self) { group in
          for _ in 0..<4 {
            group.addTask {
              let process = try repl.start()
              defer { process.kill() }
              var failures: [String] = []
              // Each process lists the cards until the server has seen `expiries` refreshes:
              // the loop ends on what the log shows, never on a time.
              while await log.refreshes < expiries, failures.isEmpty {
                let lines = try await Self.listCards(process)
                failures += lines.filter { line in Self.failures.contains(where: line.hasPrefix) }
              }
              return (try await process.finish(), failures)
            }
          }
          return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.map(\.0) == [0, 0, 0, 0])
        let failures = outcomes.flatMap(\.1)
        #expect(failures.isEmpty, "nobody is signed out, nothing fails: \(failures.prefix(8))")
        let lines = try await log.settle()
        let refreshes = lines.count { $0.hasPrefix("POST /auth/refresh ") }
        #expect(refreshes >= expiries)
        #expect(
          lines.count { $0.hasPrefix("POST /auth/refresh 200 ") } == refreshes,
          "\(lines.filter { $0.hasPrefix("POST /auth/refresh ") })")
      }
    }
  }
}
