import Foundation

/// Every user's cards in their list order. Card ids are `c` and a counter that only grows,
/// so an id is never used twice, not even after its card is deleted.
struct CardStore: Codable, Sendable {
  private(set) var cards: [String: CardRecord]
  /// Each user's card ids in list order; every card is in its owner's list exactly once.
  private(set) var order: [String: [String]]
  private(set) var nextCardNumber: Int

  init(records: [CardRecord], nextCardNumber: Int) {
    cards = Dictionary(uniqueKeysWithValues: records.map { ($0.cardId, $0) })
    order = Dictionary(grouping: records, by: \.userId).mapValues { $0.map(\.cardId) }
    self.nextCardNumber = nextCardNumber
  }

  func list(for userId: String) -> [CardRecord] {
    order[userId, default: []].compactMap { cards[$0] }
  }

  /// The card `cardId`; `404` when there is none, `403` when another user owns it.
  func card(_ cardId: String, for userId: String) throws(APIError) -> CardRecord {
    guard let record = cards[cardId] else { throw .notFound("card \(cardId) not found") }
    guard record.userId == userId else {
      throw .forbidden("card \(cardId) belongs to another user")
    }
    return record
  }

  /// Numbers new cards after every id `other` has given out as well, so that replacing
  /// `other` with this store reuses no id.
  mutating func continueNumbering(after other: CardStore) {
    nextCardNumber = max(nextCardNumber, other.nextCardNumber)
  }

  /// New cards go at the end of the user's list.
  mutating func create(_ content: CardContent, for userId: String) -> CardRecord {
    let record = CardRecord(cardId: "c\(nextCardNumber)", userId: userId, content: content)
    nextCardNumber += 1
    cards[record.cardId] = record
    order[userId, default: []].append(record.cardId)
    return record
  }

  /// `cardIds` must name every card of the list exactly once; `400` otherwise.
  mutating func reorder(_ cardIds: [String], for userId: String) throws(APIError)
    -> [CardRecord]
  {
    if let refusal = reorderRefusal(cardIds, of: order[userId, default: []]) {
      throw .badRequest(refusal)
    }
    order[userId] = cardIds
    return list(for: userId)
  }

  mutating func delete(_ cardId: String, for userId: String) throws(APIError) {
    _ = try card(cardId, for: userId)
    cards[cardId] = nil
    order[userId]?.removeAll { $0 == cardId }
  }

  /// Why the store cannot belong to a state whose users are `userIds`, or `nil`.
  func inconsistency(users userIds: Set<String>) -> String? {
    for (key, record) in cards {
      if key != record.cardId { return "card \(record.cardId) is stored under the id \(key)" }
      if !userIds.contains(record.userId) {
        return "card \(key) belongs to unknown user \(record.userId)"
      }
      if let number = Int(key.dropFirst()), key.first == "c", number >= nextCardNumber {
        return "card \(key) has an id not below the next card number \(nextCardNumber)"
      }
    }
    var listed: Set<String> = []
    for (userId, cardIds) in order {
      for cardId in cardIds {
        if cards[cardId]?.userId != userId {
          return "the list of \(userId) names card \(cardId), which is not theirs"
        }
        if !listed.insert(cardId).inserted { return "card \(cardId) is listed twice" }
      }
    }
    return cards.keys.first { !listed.contains($0) }.map { "card \($0) is in no list" }
  }
}

/// Why `ids` is not the list `current` in a new order, naming every unknown, repeated and
/// missing id in one sentence each, in that order, or `nil` when it is. `SpyCardRepository`
/// refuses a reorder with the same sentences, as the service does.
package func reorderRefusal<ID: Hashable>(_ ids: [ID], of current: [ID]) -> String? {
  var seen: Set<ID> = []
  var unknown: [ID] = []
  var repeated: [ID] = []
  for id in ids {
    if !current.contains(id) {
      if !unknown.contains(id) { unknown.append(id) }
    } else if !seen.insert(id).inserted, !repeated.contains(id) {
      repeated.append(id)
    }
  }
  let missing = current.filter { !seen.contains($0) }
  var problems: [String] = []
  if !unknown.isEmpty { problems.append(sentence(unknown, "is", "are", "not in your list")) }
  if !repeated.isEmpty {
    problems.append(sentence(repeated, "appears", "appear", "more than once in cardIds"))
  }
  if !missing.isEmpty {
    problems.append(sentence(missing, "is", "are", "missing from cardIds; send the whole list"))
  }
  return problems.isEmpty ? nil : problems.joined(separator: "; ")
}

/// `card c9 is …` or `cards c9, c8 are …`.
private func sentence<ID>(_ ids: [ID], _ singular: String, _ plural: String, _ rest: String)
  -> String
{
  let names = ids.map { "\($0)" }.joined(separator: ", ")
  return ids.count == 1 ? "card \(names) \(singular) \(rest)" : "cards \(names) \(plural) \(rest)"
}

struct CardRecord: Codable, Sendable, Equatable {
  let cardId: String
  let userId: String
  var content: CardContent
}

/// A card's fields as ``CardForm`` validated them; optional text fields left out or sent
/// empty are `nil`, and `tmi` holds up to three, none empty.
struct CardContent: Codable, Sendable, Equatable {
  var title: String?
  var name: String
  var birthday: String?
  var mbti: String?
  var instagram: String?
  var linkURL: String?
  var description: String?
  var defaultImage: Int
  var tmi: [String]
  var image: StoredImage?
}

/// An uploaded `image/jpeg` or `image/png`; base64 in the state file.
struct StoredImage: Codable, Sendable, Equatable {
  let contentType: String
  let bytes: Data
}
