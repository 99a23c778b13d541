import CardPrimitives
import Foundation

/// The contract's login rate limit: once a user id has ``limit`` failed logins within the
/// sliding ``window`` (`now - 60 s < failure ≤ now`), its logins are refused until the oldest
/// of those failures is ``window`` old. A refused attempt checks no password, so it does not
/// lengthen the lock; a successful login clears the user's failures. Only known users'
/// failures are recorded, so what is kept is bounded whatever ids a peer sends.
///
/// In memory, for one ``Sandbox`` like its faults, and cleared by ``Sandbox/reset()``; a
/// reference, so that a failure counts although its transaction is rolled back. Logins, like
/// every write, run one at a time on the sandbox's actor, so a check and its record are never
/// interleaved with another login's.
final class LoginThrottle: Sendable {
  static let limit = 5
  /// In seconds.
  static let window: TimeInterval = 60

  /// The latest failures of each user id, oldest first, at most ``limit``.
  private let failures = Protected<[String: [Date]]>([:])

  /// The whole seconds `userId` must wait before it may log in again, 1 to 60; `nil` when it
  /// may log in now. A failure dated after `now` (the clock was set back) counts as outside
  /// the window, so a lock never outlasts the window.
  func wait(for userId: String, now: Date) -> Int? {
    guard let recent = failures.withLock({ $0[userId] }), recent.count >= Self.limit,
      let elapsed = Self.age(of: recent[recent.count - Self.limit], at: now)
    else { return nil }
    return Int((Self.window - elapsed).rounded(.up))
  }

  func recordFailure(for userId: String, at now: Date) {
    failures.withLock { failures in
      var recent = (failures[userId] ?? []).filter { Self.age(of: $0, at: now) != nil }
      recent.append(now)
      failures[userId] = Array(recent.suffix(Self.limit))
    }
  }

  func recordSuccess(for userId: String) {
    failures.withLock { $0[userId] = nil }
  }

  func clear() {
    failures.withLock { $0 = [:] }
  }

  /// How long ago `failure` was, when it is inside the window at `now`.
  private static func age(of failure: Date, at now: Date) -> TimeInterval? {
    let elapsed = now.timeIntervalSince(failure)
    return (0..<window).contains(elapsed) ? elapsed : nil
  }
}
