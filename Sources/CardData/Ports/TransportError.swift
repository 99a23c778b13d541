/// A request that got no HTTP response, with the underlying reason kept for the message.
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, coarsely, so that retry policies can decide.
  public enum Kind: String, Hashable, Sendable {
    /// The host could not be reached or refused the connection.
    case cannotConnect
    /// The host name did not resolve.
    case dnsFailure
    /// No response arrived in time.
    case timedOut
    /// The connection dropped mid-exchange.
    case connectionLost
    /// The TLS handshake or certificate check failed.
    case tlsFailure
    /// The caller cancelled the request.
    case cancelled
    /// The request could not be sent as given (bad URL, unreadable body file).
    case invalidRequest
    /// Anything else.
    case other
  }

  /// The coarse kind.
  public let kind: Kind
  /// The underlying reason, for people.
  public let message: String

  /// Creates a transport error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// A cancellation.
  public static let cancelled = TransportError(.cancelled, "cancelled")

  /// Whether sending again may succeed: timeouts, dropped connections and refused connects.
  public var isTransient: Bool { [.timedOut, .connectionLost, .cannotConnect].contains(kind) }

  /// The reason, for people.
  public var description: String { message }
}
