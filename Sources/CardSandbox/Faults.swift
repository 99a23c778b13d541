import CardPrimitives
import Foundation

/// The faults injected into one sandbox; never saved, never shared with another sandbox on
/// the same state file.
public struct SandboxFaults: Hashable, Sendable, CustomStringConvertible {
  public package(set) var isOffline = false
  package var latency = Duration.zero
  /// The status the next ``failuresRemaining`` requests answer with.
  public package(set) var failureStatus: Int?
  public package(set) var failuresRemaining = 0
  /// How the next ``malformedRemaining`` requests' 2xx replies break the contract.
  public package(set) var malformedReply: MalformedReply?
  public package(set) var malformedRemaining = 0

  package static let none = SandboxFaults()

  /// What ``Sandbox/setLatency(_:)``, ``Sandbox/failNext(status:count:)`` and
  /// ``Sandbox/malformNext(_:count:)`` accept (`FaultBounds`, the REPL's bounds too), for the
  /// reference server's admin path to check.
  public static let maximumLatencyMilliseconds = FaultBounds.maximumLatencyMilliseconds
  public static let failureStatuses = FaultBounds.failureStatuses
  public static let counts = FaultBounds.counts

  /// `latency` in whole milliseconds, rounded down and clamped to `Int`'s range: it cannot
  /// trap, whatever the duration.
  public var latencyMilliseconds: Int {
    let (seconds, attoseconds) = latency.components
    return Int(clamping: Int128(seconds) * 1000 + Int128(attoseconds / 1_000_000_000_000_000))
  }

  /// `none`, or the active faults joined by commas, such as `offline, latency 0.2 seconds,
  /// next 2 requests answer 503`.
  public var description: String {
    var active: [String] = []
    if isOffline { active.append("offline") }
    if latency > .zero { active.append("latency \(latency)") }
    if let failureStatus, failuresRemaining > 0 {
      let requests =
        failuresRemaining == 1 ? "request answers" : "\(failuresRemaining) requests answer"
      active.append("next \(requests) \(failureStatus)")
    }
    if let malformedReply, malformedRemaining > 0 {
      let replies = malformedRemaining == 1 ? "reply" : "\(malformedRemaining) replies"
      active.append("next \(replies) malformed (\(malformedReply.rawValue))")
    }
    return active.isEmpty ? "none" : active.joined(separator: ", ")
  }

  /// The next queued failure or malformed reply, counted as used.
  mutating func takeFailure() -> Int? {
    guard let status = failureStatus, failuresRemaining > 0 else { return nil }
    failuresRemaining -= 1
    if failuresRemaining == 0 { failureStatus = nil }
    return status
  }

  mutating func takeMalformedReply() -> MalformedReply? {
    guard let kind = malformedReply, malformedRemaining > 0 else { return nil }
    malformedRemaining -= 1
    if malformedRemaining == 0 { malformedReply = nil }
    return kind
  }
}

/// A 200 that breaks the contract, so that a client's `pathErr` can be shown: the request is
/// not carried out, as with an injected failure.
public enum MalformedReply: String, Hashable, Sendable, CaseIterable {
  /// A JSON body that is not the envelope.
  case envelope
  /// The envelope, its `data` a string where an object or a list belongs.
  case data

  var response: SandboxResponse {
    switch self {
    case .envelope:
      SandboxResponse(
        status: 200, headers: ["Content-Type": "application/json; charset=utf-8"],
        body: Data(#"{"hello": "not the envelope"}"#.utf8))
    case .data:
      .envelope(200, "injected fault: data of the wrong shape", data: "not a card")
    }
  }
}

public enum SandboxFaultError: Error, Hashable, Sendable, CustomStringConvertible {
  case statusNotAnError(Int)
  case negativeCount(Int)
  case negativeLatency(Duration)
  case latencyTooLong(Duration)

  public var description: String {
    switch self {
    case .statusNotAnError(let status):
      "status \(status) is not an error status (\(SandboxFaults.failureStatuses))"
    case .negativeCount(let count): "count \(count) is negative"
    case .negativeLatency(let latency): "latency \(latency) is negative"
    case .latencyTooLong(let latency):
      "latency \(latency) is over \(SandboxFaults.maximumLatencyMilliseconds) ms (10 minutes)"
    }
  }
}

/// The answer to a request failed on purpose. `502`, `503` and `504` answer an HTML page, as
/// a proxy in front of the service would, so a client must judge the status before it decodes
/// the body; every other status answers the usual envelope, a `401` with the Bearer challenge
/// HTTP requires of it, as the sandbox's own refusals carry.
enum InjectedFailure {
  private static let reasons = [
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
    413: "Content Too Large", 415: "Unsupported Media Type", 422: "Unprocessable Content",
    429: "Too Many Requests", 500: "Internal Server Error", 501: "Not Implemented",
    502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
  ]

  static func response(status: Int) -> SandboxResponse {
    let title = "\(status) \(reasons[status] ?? "Error")"
    guard [502, 503, 504].contains(status) else {
      let message = "injected fault: \(title)"
      guard status == 401 else { return .envelope(status, message) }
      return .failure(.unauthorized(message))
    }
    let page = "<html><head><title>\(title)</title></head><body><h1>\(title)</h1></body></html>\n"
    return SandboxResponse(
      status: status, headers: ["Content-Type": "text/html; charset=utf-8"],
      body: Data(page.utf8))
  }
}
