import Foundation

/// The faults injected into a sandbox at one moment, for a status line. Faults belong to
/// each sandbox and are never saved.
public struct SandboxFaults: Hashable, Sendable, CustomStringConvertible {
  /// Whether every request fails with ``SandboxTransportError/offline``.
  public var isOffline: Bool
  /// How long each request waits before it is answered.
  public var latency: Duration
  /// The status the next requests answer with, if a failure is queued.
  public var failureStatus: Int?
  /// How many requests are still to answer ``failureStatus``; 0 when none is queued.
  public var failuresRemaining: Int

  /// Online, no latency, no queued failures.
  public static let none = SandboxFaults(
    isOffline: false, latency: .zero, failureStatus: nil, failuresRemaining: 0)

  init(isOffline: Bool, latency: Duration, failureStatus: Int?, failuresRemaining: Int) {
    self.isOffline = isOffline
    self.latency = latency
    self.failureStatus = failureStatus
    self.failuresRemaining = failuresRemaining
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
    return active.isEmpty ? "none" : active.joined(separator: ", ")
  }

  /// The status of the next queued failure, counting it as used; `nil` when none is queued.
  mutating func takeFailure() -> Int? {
    guard let status = failureStatus, failuresRemaining > 0 else { return nil }
    failuresRemaining -= 1
    if failuresRemaining == 0 { failureStatus = nil }
    return status
  }
}

/// Why a fault could not be injected.
public enum SandboxFaultError: Error, Hashable, Sendable, CustomStringConvertible {
  /// ``CardSandbox/failNext(status:count:)`` takes an error status, 400...599.
  case statusNotAnError(Int)
  case negativeCount(Int)
  case negativeLatency(Duration)

  public var description: String {
    switch self {
    case .statusNotAnError(let status): "status \(status) is not an error status (400...599)"
    case .negativeCount(let count): "count \(count) is negative"
    case .negativeLatency(let latency): "latency \(latency) is negative"
    }
  }
}

/// The answer to a request failed on purpose with ``CardSandbox/failNext(status:count:)``.
///
/// `502`, `503` and `504` answer an HTML page, as a proxy or load balancer in front of the
/// service would, so that a client must judge the status before it decodes the body. Every
/// other status answers the usual envelope.
enum InjectedFailure {
  private static let reasons = [
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    408: "Request Timeout", 409: "Conflict", 413: "Content Too Large",
    415: "Unsupported Media Type", 429: "Too Many Requests", 500: "Internal Server Error",
    502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
  ]

  static func response(status: Int) -> SandboxResponse {
    let title = "\(status) \(reasons[status] ?? "Error")"
    guard [502, 503, 504].contains(status) else {
      return .envelope(status, "injected fault: \(title)")
    }
    let page = "<html><head><title>\(title)</title></head><body><h1>\(title)</h1></body></html>\n"
    return SandboxResponse(
      status: status, headers: ["Content-Type": "text/html; charset=utf-8"],
      body: Data(page.utf8))
  }
}
