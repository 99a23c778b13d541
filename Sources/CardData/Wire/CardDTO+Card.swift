import CardDomain
import Foundation

extension CardDTO {
  /// The card as the domain sees it, after checking the contract's rules: non-empty
  /// `cardId`, `userId` and `name`, a real `YYYY-MM-DD` birthday, a four-letter `mbti`, a
  /// `defaultImage` in 0...5, at most three non-blank `tmi` lines, an absolute `linkURL`, and
  /// an `imageURL` that is absolute or a path from the server's root such as `/card/c1/image`.
  ///
  /// Text fields are kept as sent. The error names the card and the field.
  public func card() throws(WireMappingError) -> Card {
    let id = try check("cardId") { () throws(ValidationError) in try CardID(cardId) }
    let owner = try check("userId") { () throws(ValidationError) in try UserID(userId) }
    guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw mappingError("name", ValidationError.emptyName.description)
    }
    return Card(
      id: id,
      owner: owner,
      name: name,
      title: title,
      birthday: try birthday.map { (text) throws(WireMappingError) in
        try check("birthday") { () throws(ValidationError) in try Birthday(text) }
      },
      mbti: try mbti.map { (text) throws(WireMappingError) in
        try check("mbti") { () throws(ValidationError) in try MBTI(text) }
      },
      instagram: instagram,
      link: try linkURL.map { (text) throws(WireMappingError) in
        try url(text, field: "linkURL", allowingRootPath: false)
      },
      description: description,
      defaultImage: try check("defaultImage") { () throws(ValidationError) in
        try DefaultImage(defaultImage)
      },
      imageURL: try imageURL.map { (text) throws(WireMappingError) in
        try url(text, field: "imageURL", allowingRootPath: true)
      },
      tmis: try check("tmi") { () throws(ValidationError) in try TMIList(tmi ?? []) }
    )
  }

  private func check<Value>(
    _ field: String, _ make: () throws(ValidationError) -> Value
  ) throws(WireMappingError) -> Value {
    do throws(ValidationError) {
      return try make()
    } catch {
      throw mappingError(field, error.description)
    }
  }

  /// An absolute URL (a scheme and a host), or with `allowingRootPath` also a path from the
  /// server's root.
  private func url(
    _ text: String, field: String, allowingRootPath: Bool
  ) throws(WireMappingError) -> URL {
    if let url = URL(string: text) {
      let isAbsolute = url.scheme != nil && !(url.host ?? "").isEmpty
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
  /// The cards as the domain sees them, in order; the first card that breaks a rule fails
  /// the whole list.
  public func cards() throws(WireMappingError) -> [Card] {
    try map { (dto) throws(WireMappingError) in try dto.card() }
  }
}
