import Foundation

/// What an access token grants: a user, in a session, until a moment.
struct AccessGrant: Codable, Sendable, Equatable {
  /// The user the token acts for.
  let userId: String
  /// The login session the token belongs to; logout ends every token of it.
  let sessionId: String
  /// The moment from which the token is refused.
  var expiresAt: Date
}

/// What a refresh token grants: one new token pair for a user's session.
struct RefreshGrant: Codable, Sendable, Equatable {
  /// The user the token acts for.
  let userId: String
  /// The login session the token belongs to.
  let sessionId: String
}
