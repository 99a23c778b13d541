import CardDomain
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
package struct RetryPolicy: ClientMiddleware, Hashable {
  /// How many retries one request may get.
  package var limit: Int
  package var baseDelay: Duration
  package var multiplier: Int
  package var maximumDelay: Duration
  package var retryableStatuses: Set<Int>

  /// By default 2 retries, after 0.5 s and 1 s. Out-of-range values are clamped: the limit
  /// and delays to zero or more, the multiplier to 1 or more, and the maximum delay to no
  /// less than the base delay.
  package init(
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

  /// Sends `request` until an attempt is not to be retried, waiting each delay with the
  /// context's sleeper, and never waiting for a retry that would begin after the call's
  /// ``RequestContext/deadline``.
  package func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse {
    while true {
      let outcome: Result<HTTPResponse, CallFailure>
      do { outcome = .success(try await next(request)) } catch { outcome = .failure(error) }
      guard let delay = delay(after: outcome, of: request, context: context) else {
        return try outcome.get()
      }
      if let deadline = context.deadline,
        context.clock.now().addingTimeInterval(delay.timeInterval) >= deadline.at
      {
        throw .ended(deadline.exceeded(in: context))
      }
      context.retrying(.transientFailure, after: delay)
      do { try await context.sleeper.sleep(for: delay) } catch { throw .ended(.cancelled) }
    }
  }

  /// How long to wait before sending again, or `nil` not to.
  func delay(
    after outcome: Result<HTTPResponse, CallFailure>, of request: HTTPRequest,
    context: RequestContext
  ) -> Duration? {
    guard request.method.isIdempotent else { return nil }
    let retriesSoFar = context.retryCount(for: .transientFailure)
    guard retriesSoFar < limit else { return nil }
    let backoff = delay(forRetry: retriesSoFar + 1)
    switch outcome {
    case .failure(.transport(let error)) where error.isTransient:
      return backoff
    case .success(let response)
    where !(200..<300).contains(response.status) && retryableStatuses.contains(response.status):
      let requested =
        response.retryAfterSeconds.map { min(.seconds($0), maximumDelay) } ?? .zero
      return max(backoff, requested)
    default:
      return nil
    }
  }

  /// `retry` is 1 for the first.
  package func delay(forRetry retry: Int) -> Duration {
    var delay = baseDelay
    for _ in 1..<max(retry, 1) {
      delay *= multiplier
      if delay >= maximumDelay { return maximumDelay }
    }
    return min(delay, maximumDelay)
  }
}
