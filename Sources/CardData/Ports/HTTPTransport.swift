/// The port through which the pipeline reaches a server: one request in, one response out.
///
/// Implementations: `URLSessionTransport` (Infrastructure), `StubTransport` and the sandbox
/// transport (CardTestSupport); `HTTPTransportSpec` checks each of them against this contract.
public protocol HTTPTransport: Sendable {
  /// Sends the request and returns the server's response, whatever its status: a 4xx or a
  /// 5xx is a response, never a thrown error. It throws only when no HTTP response arrived.
  ///
  /// Cancelling the calling task cancels the exchange and throws ``TransportError/cancelled``;
  /// a task that is already cancelled sends nothing.
  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// A request that got no HTTP response, with the reason kept for the message.
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, coarsely, so that the retry policy can decide.
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

  public let kind: Kind
  /// What happened, for people: the server's host and port at most, never a path or query.
  public let message: String

  /// Describes a failure.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The caller cancelled the request.
  public static let cancelled = TransportError(.cancelled, "cancelled")

  /// Whether sending again may succeed: timeouts, dropped connections and refused connects.
  public var isTransient: Bool { [.timedOut, .connectionLost, .cannotConnect].contains(kind) }

  public var description: String { message }
}
