/// What a card search asks for: a text that the card's name, title or description contains,
/// compared without regard to case (Hangul included), and an MBTI the card has, both optional
/// and combined with AND. Neither matches every card.
public struct CardSearch: Hashable, Sendable {
  /// In Unicode scalars (code points), as JSON Schema's `maxLength` and the server count them:
  /// a precomposed syllable such as `이` is one.
  public static let maximumTextLength = 100

  /// Never empty, and at most ``maximumTextLength`` code points.
  public let text: String?
  public let mbti: MBTI?

  public init(text: String? = nil, mbti: MBTI? = nil) throws(ValidationError) {
    if let text {
      guard !text.isEmpty else { throw .emptySearchText }
      let length = text.unicodeScalars.count
      guard length <= Self.maximumTextLength else { throw .searchTextTooLong(count: length) }
    }
    self.text = text
    self.mbti = mbti
  }

  /// Whether `card` is one the search finds, as the server judges it: its name, title or
  /// description contains ``text`` once both are lowercased, and its MBTI is ``mbti``.
  public func matches(_ card: Card) -> Bool {
    if let mbti, card.mbti != mbti { return false }
    guard let text else { return true }
    let needle = text.lowercased()
    return [card.name, card.title, card.description].contains { field in
      field?.lowercased().contains(needle) ?? false
    }
  }
}
