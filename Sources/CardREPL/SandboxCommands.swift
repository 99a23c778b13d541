import CardPrimitives

// sandbox expire-token, revoke-refresh, fail, malform, offline, latency and reset: each
// command's usage and help, how it reads its arguments, and what it runs (the backend's
// `SandboxControlling`, when it has one).

/// A `sandbox …` command with its arguments, as the backend's `SandboxControlling` carries it
/// out.
package enum SandboxCommand: Hashable, Sendable {
  case expireToken, revokeRefresh, reset
  case fail(status: Int, count: Int)
  case offline(Bool)
  case latency(milliseconds: Int)
  /// `sandbox malform envelope|data [count]`: a 200 that breaks the contract.
  case malform(MalformedReplyKind, count: Int)
}

/// How ``SandboxCommand/malform(_:count:)`` breaks the contract: a body that is not the
/// envelope, or the envelope with `data` of the wrong shape.
package enum MalformedReplyKind: String, Hashable, Sendable {
  case envelope, data
}

extension CommandTable {
  private static let statuses = FaultBounds.failureStatuses
  private static let latencies = FaultBounds.latenciesMilliseconds

  static let sandboxCommands = [
    .fixed(
      "sandbox expire-token", .sandbox(.expireToken),
      summary: "expire the access tokens; the next request refreshes",
      details: [
        "The next request gets a 401, refreshes the token once and is sent again;",
        "a note says that the token was refreshed.",
      ]),
    .fixed(
      "sandbox revoke-refresh", .sandbox(.revokeRefresh),
      summary: "revoke the refresh tokens: no refresh after expiry",
      details: [
        "Access tokens work until they expire; then the refresh is refused and you are",
        "signed out. Try: sandbox revoke-refresh, sandbox expire-token, cards.",
      ]),
    CommandSpec(
      name: "sandbox fail", usage: "sandbox fail <status> [count]",
      summary: "make the next requests answer an error status",
      details: [
        "status is \(statuses.lowerBound) to \(statuses.upperBound); 502, 503 and 504 answer "
          + "an HTML page, as a proxy would.",
        "GET, PUT and DELETE are retried twice on 408, 500, 502, 503 and 504, so",
        "`sandbox fail 500 3` fails a GET.",
        "A count of 0 clears the queue.",
      ]
    ) { (arguments) throws(UsageError) in
      let words = try arguments.expect(1...2, "a status")
      let status = try arguments.number(words[0], of: "status", in: statuses)
      let count =
        words.count == 2
        ? try arguments.number(words[1], of: "count", in: FaultBounds.counts) : 1
      return .sandbox(.fail(status: status, count: count))
    },
    CommandSpec(
      name: "sandbox malform", usage: "sandbox malform envelope|data [count]",
      summary: "make the next requests answer 200 with a broken reply",
      details: [
        "envelope answers JSON that is not the envelope; data answers the envelope with",
        "data of the wrong shape. Either is a pathErr: the reply breaks the contract.",
        "The request is not carried out. A count of 0 clears the queue.",
      ]
    ) { (arguments) throws(UsageError) in
      let words = try arguments.expect(1...2, "envelope or data")
      guard let kind = MalformedReplyKind(rawValue: words[0]) else {
        throw arguments.error("expected envelope or data, not '\(words[0])'")
      }
      let count =
        words.count == 2
        ? try arguments.number(words[1], of: "count", in: FaultBounds.counts) : 1
      return .sandbox(.malform(kind, count: count))
    },
    CommandSpec(
      name: "sandbox offline", usage: "sandbox offline on|off",
      summary: "make every request fail without a response",
      details: [
        "Requests fail as networkFail (GET, PUT and DELETE after two retries).",
        "logout still signs you out locally.",
      ]
    ) { (arguments) throws(UsageError) in .sandbox(.offline(try arguments.onOff())) },
    CommandSpec(
      name: "sandbox latency", usage: "sandbox latency <ms>",
      summary: "make every request wait; 0 turns it off",
      details: [
        "At most \(latencies.upperBound) ms (10 minutes). Press Ctrl-C to cancel a slow "
          + "request; the REPL keeps running."
      ]
    ) { (arguments) throws(UsageError) in
      let milliseconds = try arguments.number(
        try arguments.expect(1...1, "milliseconds")[0], of: "milliseconds", in: latencies)
      return .sandbox(.latency(milliseconds: milliseconds))
    },
    .fixed(
      "sandbox reset", .sandbox(.reset),
      summary: "seed cards back, faults cleared, everyone signed out",
      details: [
        "The sandbox's sessions end, so the next request answers signedOut: log in again.",
        "New card ids continue after the ones given out before.",
      ]),
  ]
}

extension CommandRunner {
  func sandbox(_ command: SandboxCommand) async throws(CommandFailure) -> CommandOutput {
    guard let sandbox = services.sandbox else {
      throw CommandFailure(.invalid, "sandbox commands need the sandbox backend")
    }
    return .sandbox(command, try await sandbox.run(command))
  }
}
