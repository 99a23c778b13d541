import Foundation

struct AccessGrant: Codable, Sendable, Equatable {
  let userId: String
  let sessionId: String
  /// The moment from which the token is refused.
  var expiresAt: Date
}

struct RefreshGrant: Codable, Sendable, Equatable {
  let userId: String
  let sessionId: String
}

/// A refresh token spent by a rotation, reusable until `reusableUntil` while `successor`, the
/// refresh token that rotation issued, is unused.
struct SpentRefreshGrant: Codable, Sendable, Equatable {
  let userId: String
  let sessionId: String
  let successor: String
  let reusableUntil: Date
}
