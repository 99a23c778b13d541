import CardDomain
import Foundation

/// A card as the wire carries it, under the contract's field names: `cardId`, `userId`,
/// `name` and `defaultImage` are always present, every other field may be absent or `null`.
/// Decoding checks only the JSON types; ``card()`` checks the rules.
package struct CardDTO: Codable, Hashable, Sendable {
  package var cardId: String
  package var userId: String
  package var title: String?
  package var name: String
  package var birthday: String?
  package var mbti: String?
  package var instagram: String?
  package var linkURL: String?
  package var description: String?
  package var defaultImage: Int
  package var imageURL: String?
  package var tmi: [String]?

  /// The card after checking the contract's rules: non-empty `cardId`, `userId` and `name`, a
  /// real `YYYY-MM-DD` birthday, a four-letter `mbti`, a `defaultImage` in 0...5, at most
  /// three non-blank `tmi` lines, an absolute `linkURL`, and an `imageURL` that is absolute
  /// or a path from the server's root (`/card/c1/image`). Text is kept as sent; the error
  /// names the card and the field.
  package func card() throws(WireMappingError) -> Card {
    let id = try check("cardId", cardId, CardID.init)
    let owner = try check("userId", userId, UserID.init)
    guard !name.isBlank else { throw mappingError("name", ValidationError.emptyName.description) }
    return Card(
      id: id,
      owner: owner,
      name: name,
      title: title,
      birthday: try checkIfPresent("birthday", birthday, Birthday.init),
      mbti: try checkIfPresent("mbti", mbti, MBTI.init),
      instagram: instagram,
      link: try url(linkURL, field: "linkURL", allowingRootPath: false),
      description: description,
      defaultImage: try check("defaultImage", defaultImage, DefaultImage.init),
      imageURL: try url(imageURL, field: "imageURL", allowingRootPath: true),
      tmis: try check("tmi", tmi ?? [], TMIList.init)
    )
  }

  private func check<Input, Value>(
    _ field: String, _ input: Input, _ make: (Input) throws(ValidationError) -> Value
  ) throws(WireMappingError) -> Value {
    do throws(ValidationError) {
      return try make(input)
    } catch {
      throw mappingError(field, error.description)
    }
  }

  private func checkIfPresent<Input, Value>(
    _ field: String, _ input: Input?, _ make: (Input) throws(ValidationError) -> Value
  ) throws(WireMappingError) -> Value? {
    guard let input else { return nil }
    return try check(field, input, make)
  }

  private func url(
    _ text: String?, field: String, allowingRootPath: Bool
  ) throws(WireMappingError) -> URL? {
    guard let text else { return nil }
    if let url = URL(string: text) {
      // A host comes after `scheme://` or, without a scheme, after a leading `//`.
      let isAbsolute = !text.hasPrefix("//") && !(url.host(percentEncoded: true) ?? "").isEmpty
      let isRootPath = allowingRootPath && text.hasPrefix("/") && !text.hasPrefix("//")
      if isAbsolute || isRootPath { return url }
    }
    let expected = allowingRootPath ? "an absolute URL or a path from /" : "an absolute URL"
    throw mappingError(field, "\(field) must be \(expected), not '\(text)'")
  }

  private func mappingError(_ field: String, _ problem: String) -> WireMappingError {
    let card = cardId.isEmpty ? "a card" : "card '\(cardId)'"
    return WireMappingError(field: field, reason: "\(card): \(problem)")
  }
}

extension [CardDTO] {
  /// The first card that breaks a rule fails the whole list.
  package func cards() throws(WireMappingError) -> [Card] {
    try map { (dto) throws(WireMappingError) in try dto.card() }
  }
}

/// The body of `cardListEdit`, the complete new order: `{"cardIds": ["c2", "c1"]}`.
package struct CardListEditRequestDTO: Codable, Hashable, Sendable {
  package var cardIds: [String]

  package init(order: [CardID]) { cardIds = order.map(\.rawValue) }
}
