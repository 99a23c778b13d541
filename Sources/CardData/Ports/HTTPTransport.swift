/// The port through which the pipeline reaches a server: one request in, one response out.
///
/// Implementations: `URLSessionTransport` (Infrastructure), ``StubTransport`` (stubs), and
/// the sandbox backend. A transport reports every status code as a response; it throws only
/// when no HTTP response arrived.
public protocol HTTPTransport: Sendable {
  /// Sends the request and returns the server's response, whatever its status.
  ///
  /// Cancelling the calling `Task` must cancel the call and throw a ``TransportError`` of
  /// kind ``TransportError/Kind/cancelled``.
  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}
