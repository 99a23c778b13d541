/// Everything a sandbox keeps between requests, and writes to its state file: the cards
/// with their pictures, each user's list order, the id counter and the live tokens. The
/// injected faults are not part of it.
struct SandboxState: Codable, Sendable {
  /// The state file format this sandbox writes and reads.
  static let currentVersion = 1

  /// The format version.
  var version = currentVersion
  /// The cards.
  var cards: CardStore
  /// The tokens.
  var sessions: SessionStore

  /// Why the state contradicts itself or the fixed users, or `nil` when it is sound.
  var inconsistency: String? {
    let userIds = Set(SeedData.users.map(\.userId))
    return cards.inconsistency(users: userIds) ?? sessions.inconsistency(users: userIds)
  }
}
