/// The faults injected into a sandbox at one moment, for a status line.
public struct SandboxFaults: Hashable, Sendable, CustomStringConvertible {
  /// Whether every request fails with ``SandboxTransportError/offline``.
  public var isOffline: Bool
  /// How long each request waits before it is answered.
  public var latency: Duration
  /// The status the next requests answer with, if a failure is queued.
  public var failureStatus: Int?
  /// How many requests are still to answer ``failureStatus``; 0 when none is queued.
  public var failuresRemaining: Int

  /// No faults: online, no latency, no queued failures.
  public static let none = SandboxFaults(
    isOffline: false, latency: .zero, failureStatus: nil, failuresRemaining: 0)

  /// Creates a snapshot.
  public init(isOffline: Bool, latency: Duration, failureStatus: Int?, failuresRemaining: Int) {
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
}
