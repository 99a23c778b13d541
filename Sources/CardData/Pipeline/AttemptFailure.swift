/// How an attempt failed: no response at all, or a response that validation rejected.
public enum AttemptFailure: Hashable, Sendable {
  /// No HTTP response arrived.
  case transport(TransportError)
  /// A response whose status the client's validation does not accept (by default, not 2xx).
  case unacceptableStatus(HTTPResponse)
}
