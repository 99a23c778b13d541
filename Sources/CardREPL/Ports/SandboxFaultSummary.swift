/// The faults injected into the sandbox at one moment, as the REPL reports them.
public struct SandboxFaultSummary: Hashable, Sendable {
  /// Whether every request fails without a response.
  public var isOffline: Bool
  /// How long each request waits, in whole milliseconds.
  public var latencyMilliseconds: Int
  /// The status the next requests answer with, when a failure is queued.
  public var failureStatus: Int?
  /// How many requests are still to answer ``failureStatus``.
  public var failuresRemaining: Int

  /// No faults.
  public static let none = SandboxFaultSummary(
    isOffline: false, latencyMilliseconds: 0, failureStatus: nil, failuresRemaining: 0)

  /// Creates a summary.
  public init(
    isOffline: Bool, latencyMilliseconds: Int, failureStatus: Int?, failuresRemaining: Int
  ) {
    self.isOffline = isOffline
    self.latencyMilliseconds = latencyMilliseconds
    self.failureStatus = failureStatus
    self.failuresRemaining = failuresRemaining
  }
}
