/// Why ``CardSandbox/handle(_:)`` produced no HTTP response at all: what a client would see
/// as a transport failure rather than a status code.
public enum SandboxTransportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The sandbox is set offline (``CardSandbox/setOffline(_:)``): no connection.
  case offline
  /// The calling task was cancelled before the response was ready.
  case cancelled

  /// A sentence for people.
  public var description: String {
    switch self {
    case .offline: "the sandbox is offline"
    case .cancelled: "the request was cancelled"
    }
  }
}
