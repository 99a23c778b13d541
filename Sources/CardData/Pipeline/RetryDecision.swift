/// A retrier's answer.
public enum RetryDecision: Hashable, Sendable {
  /// Send the request again after `delay`, recording `reason` in the context.
  case retry(after: Duration, reason: RetryReason)
  /// Stop the request with this error.
  case fail(PipelineError)
  /// No opinion: ask the next retrier.
  case noDecision
}
