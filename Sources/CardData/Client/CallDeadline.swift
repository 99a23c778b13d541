import CardDomain
import Foundation

/// How long one call of an endpoint may take in all: every attempt, and every delay between
/// attempts, counts against it, so that a server that drips its reply or keeps failing cannot
/// hold a call for the sum of each attempt's timeouts. A body buys time by its size, at a
/// rate any usable connection exceeds.
///
/// It sets the call's `RequestContext.deadline` for what comes after it in the chain: the
/// retry policy waits for no retry that would begin after it, and each attempt gets what is
/// left of it as its ``HTTPRequest/timeLimit``.
///
/// ```swift
/// CallDeadline(base: .seconds(20), perMebibyte: .seconds(8))  // 100 s for a 10 MiB image
/// ```
public struct CallDeadline: ClientMiddleware, Hashable {
  public var base: Duration
  public var perMebibyte: Duration

  /// 20 s for a JSON call, 8 s more per MiB of body (at least 128 KiB/s).
  public init(base: Duration = .seconds(20), perMebibyte: Duration = .seconds(8)) {
    self.base = base
    self.perMebibyte = perMebibyte
  }

  /// The time allowed for a call whose body has `bodyLength` bytes.
  package func limit(forBodyOf bodyLength: Int64) -> Duration {
    bodyLength == 0 ? base : base + perMebibyte * (Double(bodyLength) / 1_048_576)
  }

  public func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse {
    let limit = limit(forBodyOf: request.body.length)
    context.deadline = End(at: context.clock.now() + limit.timeInterval, limit: limit)
    return try await next(request)
  }

  /// When a call must be over, and the limit that set it, for the message.
  package struct End: Hashable, Sendable {
    package let at: Date
    package let limit: Duration

    /// Why a call stopped at its deadline; the last attempt's failure, if any, says what the
    /// server was doing.
    func exceeded(in context: RequestContext) -> CardError {
      let attempts = context.attempts
      let tried = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
      let last = context.lastOutcome.map { "; the last: \($0)" } ?? ""
      return .networkFail(
        reason:
          "no reply within \(limit.timeInterval.spokenDuration), the call's deadline (\(tried)\(last))"
      )
    }
  }
}
