/// Decides whether a failed attempt is sent again.
///
/// Retriers are asked in order; the first whose decision is not ``RetryDecision/noDecision``
/// wins. When none decides, the failure stands.
public protocol RequestRetrier: Sendable {
  /// Decides what to do about `failure`, the outcome of sending `request`.
  func retry(_ request: HTTPRequest, failedWith failure: AttemptFailure, context: RequestContext)
    async -> RetryDecision
}
