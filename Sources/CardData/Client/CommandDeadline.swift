import CardDomain
import Foundation

/// How long one call of an endpoint may take in all: every attempt, and every delay between
/// attempts, counts against it, so that a server that drips its reply or keeps failing cannot
/// hold a command for the sum of each attempt's timeouts. A body buys time by its size, at a
/// rate any usable connection exceeds.
///
/// ```swift
/// CommandDeadline(base: .seconds(20), perMebibyte: .seconds(8))  // 100 s for a 10 MiB image
/// ```
public struct CommandDeadline: Hashable, Sendable {
  public var base: Duration
  public var perMebibyte: Duration

  /// 20 s for a JSON call, 8 s more per MiB of body (at least 128 KiB/s).
  public init(base: Duration = .seconds(20), perMebibyte: Duration = .seconds(8)) {
    self.base = base
    self.perMebibyte = perMebibyte
  }

  /// The time allowed for a call whose body has `bodyLength` bytes.
  public func limit(forBodyOf bodyLength: Int64) -> Duration {
    // Most calls have no body; `Duration` arithmetic with a `Double` is not free.
    bodyLength == 0 ? base : base + perMebibyte * (Double(bodyLength) / 1_048_576)
  }

  /// Why a call stopped at its deadline; the last attempt's failure, if any, says what the
  /// server was doing.
  static func exceeded(_ limit: Duration, attempts: Int, lastFailure: String?) -> CardError {
    let tried = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
    let last = lastFailure.map { "; the last: \($0)" } ?? ""
    return .networkFail(
      reason:
        "no reply within \(limit.timeInterval.spokenDuration), the command's deadline (\(tried)\(last))"
    )
  }
}
