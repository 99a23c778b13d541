import Foundation

/// The figures of one finished request, measured by the pipeline itself (no transport
/// delivers timing metrics on every platform).
public struct RequestMetrics: Hashable, Sendable {
  /// How a request ended.
  public enum Outcome: Hashable, Sendable {
    /// A response with this status was returned to the caller (any status).
    case response(status: Int)
    /// The request ended with this error.
    case failure(PipelineError)
  }

  /// The request.
  public let context: RequestContext
  /// The method.
  public let method: HTTPMethod
  /// The URL (the base URL when the request could not be built), without any credential.
  public let url: URL
  /// How many times the request was sent.
  public let attempts: Int
  /// From building the request to its end, retries and delays included.
  public let duration: Duration
  /// Request body bytes sent, all attempts together.
  public let bytesSent: Int64
  /// Response body bytes received, all attempts together.
  public let bytesReceived: Int64
  /// How it ended.
  public let outcome: Outcome

  /// Creates metrics; the pipeline does, and tests of custom monitors can.
  public init(
    context: RequestContext, method: HTTPMethod, url: URL, attempts: Int, duration: Duration,
    bytesSent: Int64, bytesReceived: Int64, outcome: Outcome
  ) {
    self.context = context
    self.method = method
    self.url = url
    self.attempts = attempts
    self.duration = duration
    self.bytesSent = bytesSent
    self.bytesReceived = bytesReceived
    self.outcome = outcome
  }
}
