import Foundation

/// Retries transient failures of idempotent requests with exponential backoff.
///
/// Only GET, HEAD, OPTIONS, PUT and DELETE are retried, never POST: sending a POST twice may
/// create two cards. Retried failures are timeouts, dropped or refused connections, and the
/// statuses 408, 500, 502, 503 and 504. The n-th retry waits `baseDelay × multiplier^(n-1)`,
/// at most `maximumDelay`, or longer when the retried response says `Retry-After: <seconds>`
/// (also capped; the HTTP-date form is ignored). There is no jitter, so tests can assert
/// exact delays.
///
/// `429 Too Many Requests` is not retried by default: its wait is the server's to set and may
/// be longer than a command should silently take (a locked login waits up to 60 s, six times
/// ``maximumDelay``), and the only 429 the contract has answers a login, a POST. It reaches
/// the caller as `requestErr`, its message saying how long to wait.
public struct RetryPolicy: RequestRetrier {
  /// How many retries one request may get.
  public var limit: Int
  public var baseDelay: Duration
  public var multiplier: Int
  public var maximumDelay: Duration
  public var retryableStatuses: Set<Int>

  /// By default 2 retries, after 0.5 s and 1 s. Out-of-range values are clamped: the limit
  /// and delays to zero or more, the multiplier to 1 or more, and the maximum delay to no
  /// less than the base delay.
  public init(
    limit: Int = 2,
    baseDelay: Duration = .milliseconds(500),
    multiplier: Int = 2,
    maximumDelay: Duration = .seconds(10),
    retryableStatuses: Set<Int> = [408, 500, 502, 503, 504]
  ) {
    self.limit = max(limit, 0)
    self.baseDelay = max(baseDelay, .zero)
    self.multiplier = max(multiplier, 1)
    self.maximumDelay = max(maximumDelay, max(baseDelay, .zero))
    self.retryableStatuses = retryableStatuses
  }

  public func retry(
    _ request: HTTPRequest, after outcome: Result<HTTPResponse, TransportError>,
    context: RequestContext
  ) async -> RetryDecision {
    guard request.method.isIdempotent else { return .noDecision }
    let retriesSoFar = context.retryCount(for: .transientFailure)
    guard retriesSoFar < limit else { return .noDecision }
    let backoff = delay(forRetry: retriesSoFar + 1)
    switch outcome {
    case .failure(let error) where error.isTransient:
      return .retry(after: backoff, reason: .transientFailure)
    case .success(let response) where retryableStatuses.contains(response.status):
      let requested =
        response.retryAfterSeconds.map { min(.seconds($0), maximumDelay) } ?? .zero
      return .retry(after: max(backoff, requested), reason: .transientFailure)
    default:
      return .noDecision
    }
  }

  /// `retry` is 1 for the first.
  public func delay(forRetry retry: Int) -> Duration {
    var delay = baseDelay
    for _ in 1..<max(retry, 1) {
      delay *= multiplier
      if delay >= maximumDelay { return maximumDelay }
    }
    return min(delay, maximumDelay)
  }
}
