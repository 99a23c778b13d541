import Foundation

/// The query of `GET /cards/search`, read as the contract says: `q` and `mbti`, both optional
/// (neither: every card), each at most once. Names and values are percent-decoded UTF-8 and
/// nothing else: a `+` is a plus sign, as RFC 3986 has it, not a form's space.
struct CardSearchQuery: Equatable, Sendable {
  /// In Unicode scalars (code points), as JSON Schema's `maxLength` counts them.
  static let maximumTextLength = 100

  /// Lowercased, so that matching ignores case.
  let text: String?
  /// Uppercase, as stored.
  let mbti: String?

  /// `400` naming the parameter for an empty or too long `q`, an invalid `mbti`, one given
  /// twice, a bad percent escape, or a parameter the search does not take.
  init(parsing query: Substring) throws(APIError) {
    var text: String?
    var mbti: String?
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let rawName = parts[0]
      guard let name = rawName.removingPercentEncoding else {
        throw .badRequest("query parameter \(rawName) has an invalid percent escape")
      }
      guard name == "q" || name == "mbti" else {
        throw .badRequest("unknown query parameter \(name); cardSearch takes q and mbti")
      }
      guard let value = parts.count == 2 ? parts[1].removingPercentEncoding : "" else {
        throw .badRequest("\(name) has an invalid percent escape or is not UTF-8")
      }
      guard (name == "q" ? text : mbti) == nil else {
        throw .badRequest("\(name) is given more than once")
      }
      if name == "q" {
        guard !value.isEmpty else { throw .badRequest("q must not be empty") }
        let length = value.unicodeScalars.count
        guard length <= Self.maximumTextLength else {
          throw .badRequest("q must be at most \(Self.maximumTextLength) characters, not \(length)")
        }
        text = value.lowercased()
      } else {
        mbti = try CardForm.mbti(value, field: "mbti")
      }
    }
    self.text = text
    self.mbti = mbti
  }

  /// Whether the card's name, title or description contains ``text``, both lowercased, and
  /// its MBTI is ``mbti``.
  func matches(_ content: CardContent) -> Bool {
    if let mbti, content.mbti != mbti { return false }
    guard let text else { return true }
    return [content.name, content.title, content.description].contains { field in
      field?.lowercased().contains(text) ?? false
    }
  }
}
