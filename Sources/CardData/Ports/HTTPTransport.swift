/// The port through which the pipeline reaches a server: one request in, one response out;
/// `HTTPTransportSpec` (CardDataTesting) checks an implementation against this contract.
public protocol HTTPTransport: Sendable {
  /// The server's response whatever its status (a 4xx or 5xx is a response, not an error);
  /// throws only when no HTTP response arrived. Cancelling the calling task cancels the
  /// exchange and throws ``TransportError/cancelled``; an already cancelled task sends
  /// nothing. A request's ``HTTPRequest/uploadProgress`` hears of the body's bytes as they
  /// are handed over, up to its whole length when all of it went out.
  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// A request that got no HTTP response: a coarse kind the retry policy decides by, and a
/// message for people that names the server's host and port at most, never a path or query.
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Hashable, Sendable {
    /// The host could not be reached or refused the connection.
    case cannotConnect
    case dnsFailure
    case timedOut
    /// The connection dropped mid-exchange.
    case connectionLost
    case tlsFailure
    case cancelled
    /// The request could not be sent as given (bad URL, unreadable body file).
    case invalidRequest
    /// A reply began but the transport would not read it: larger than its limit, or in a form
    /// it did not ask for (compressed).
    case replyRefused
    case other
  }

  public let kind: Kind
  public let message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public static let cancelled = TransportError(.cancelled, "cancelled")

  /// Whether sending again may succeed: timeouts, dropped connections and refused connects.
  package var isTransient: Bool { [.timedOut, .connectionLost, .cannotConnect].contains(kind) }

  public var description: String { message }
}
