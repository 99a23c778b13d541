import CardPrimitives
import Foundation

/// The JSON state file of format 1, which sandboxes wrote before they kept their state in
/// SQLite: read once, to be moved into a database (``SandboxDatabase``), never written.
/// Pretty-printed JSON, dates in seconds since 1970, images in base64.
struct StateFileV1: Decodable, Sendable {
  static let version = 1

  let version: Int
  let cards: Cards
  let sessions: Sessions

  struct Cards: Decodable, Sendable {
    let cards: [String: CardRecord]
    /// Each user's card ids in list order.
    let order: [String: [String]]
    let nextCardNumber: Int
  }

  struct Sessions: Decodable, Sendable {
    let accessTokens: [String: AccessGrant]
    let refreshTokens: [String: RefreshGrant]
    /// Absent in files written before the reuse interval existed.
    let spentRefreshTokens: [String: SpentRefreshGrant]?
  }

  /// Whether `bytes` look like this format rather than a database: JSON starts with `{`.
  static func isJSON(_ bytes: [UInt8]) -> Bool {
    bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
  }

  /// The state in `data`; corrupt (naming what is wrong) when it is not a sound state of
  /// format 1, and of an unsupported version when it says another.
  static func decode(_ data: Data, path: String) throws(SandboxStateError) -> StateFileV1 {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    func decoded<T: Decodable>(_ type: T.Type) throws(SandboxStateError) -> T {
      do {
        return try decoder.decode(type, from: data)
      } catch {
        throw .corrupt(path: path, reason: reason(for: error))
      }
    }
    // The version first, so that a newer format is reported as such, not as corrupt.
    let version = try decoded(VersionProbe.self).version
    guard version == Self.version else {
      throw .unsupportedVersion(path: path, version: version)
    }
    let state = try decoded(StateFileV1.self)
    if let inconsistency = state.inconsistency {
      throw .corrupt(path: path, reason: inconsistency)
    }
    return state
  }

  /// Why the state contradicts itself or the fixed users, or `nil` when it is sound.
  var inconsistency: String? {
    let userIds = Set(SeedData.users.map(\.userId))
    for (key, record) in cards.cards {
      if key != record.cardId { return "card \(record.cardId) is stored under the id \(key)" }
      if !userIds.contains(record.userId) {
        return "card \(key) belongs to unknown user \(record.userId)"
      }
      if let number = Int(key.dropFirst()), key.first == "c", number >= cards.nextCardNumber {
        return "card \(key) has an id not below the next card number \(cards.nextCardNumber)"
      }
    }
    var listed: Set<String> = []
    for (userId, cardIds) in cards.order {
      for cardId in cardIds {
        if cards.cards[cardId]?.userId != userId {
          return "the list of \(userId) names card \(cardId), which is not theirs"
        }
        if !listed.insert(cardId).inserted { return "card \(cardId) is listed twice" }
      }
    }
    if let unlisted = cards.cards.keys.first(where: { !listed.contains($0) }) {
      return "card \(unlisted) is in no list"
    }
    let owners =
      sessions.accessTokens.values.map(\.userId) + sessions.refreshTokens.values.map(\.userId)
      + (sessions.spentRefreshTokens ?? [:]).values.map(\.userId)
    return owners.first { !userIds.contains($0) }.map { "a token belongs to unknown user \($0)" }
  }

  private struct VersionProbe: Decodable {
    let version: Int
  }

  private static func reason(for error: any Error) -> String {
    guard let error = error as? DecodingError else { return "it is not valid JSON" }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(location(context.codingPath + [key])) is missing"
    case .valueNotFound(_, let context), .typeMismatch(_, let context):
      return "\(location(context.codingPath)) has the wrong type"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "it is not valid JSON"
    case .dataCorrupted(let context):
      return "\(location(context.codingPath)) is malformed"
    @unknown default:
      return "it cannot be decoded"
    }
  }

  private static func location(_ path: [any CodingKey]) -> String {
    path.isEmpty ? "the top level" : "the field \(JSONBody.describe(path))"
  }
}
