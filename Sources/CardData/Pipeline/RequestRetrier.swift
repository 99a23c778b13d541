/// Decides whether a failed attempt is sent again.
///
/// Retriers are asked in order; the first whose decision is not ``RetryDecision/noDecision``
/// wins. When none decides, the failure stands.
public protocol RequestRetrier: Sendable {
  /// Decides what to do about `failure`, the outcome of sending `request`.
  func retry(_ request: HTTPRequest, failedWith failure: AttemptFailure, context: RequestContext)
    async -> RetryDecision
}

/// How an attempt failed: no response at all, or a response that validation rejected.
public enum AttemptFailure: Hashable, Sendable {
  /// No HTTP response arrived.
  case transport(TransportError)
  /// A response whose status the client's validation does not accept (by default, not 2xx).
  case unacceptableStatus(HTTPResponse)
}

/// A retrier's answer.
public enum RetryDecision: Hashable, Sendable {
  /// Send the request again after `delay`, recording `reason` in the context.
  case retry(after: Duration, reason: RetryReason)
  /// Stop the request with this error.
  case fail(PipelineError)
  /// No opinion: ask the next retrier.
  case noDecision
}

/// Why a request was retried; retriers count their own reasons to enforce their limits.
public struct RetryReason: Hashable, Sendable, CustomStringConvertible {
  /// A short name, such as `authentication`.
  public let name: String

  /// Creates a reason.
  public init(_ name: String) { self.name = name }

  /// The credential was refreshed (or had been) after a 401.
  public static let authentication = RetryReason("authentication")
  /// A transient failure: timeout, dropped connection, 408 or 5xx.
  public static let transientFailure = RetryReason("transientFailure")

  /// The name.
  public var description: String { name }
}
