/// Why a fault could not be injected.
public enum SandboxFaultError: Error, Hashable, Sendable, CustomStringConvertible {
  /// ``CardSandbox/failNext(status:count:)`` takes an error status, 400...599.
  case statusNotAnError(Int)
  /// ``CardSandbox/failNext(status:count:)`` takes a count of 0 or more.
  case negativeCount(Int)
  /// ``CardSandbox/setLatency(_:)`` takes a duration of zero or more.
  case negativeLatency(Duration)

  /// A sentence for people.
  public var description: String {
    switch self {
    case .statusNotAnError(let status): "status \(status) is not an error status (400...599)"
    case .negativeCount(let count): "count \(count) is negative"
    case .negativeLatency(let latency): "latency \(latency) is negative"
    }
  }
}
