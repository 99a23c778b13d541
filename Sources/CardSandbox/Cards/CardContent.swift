/// A card's validated fields, as a creation form gives them. Optional text fields are `nil`
/// when they were left out or sent empty.
struct CardContent: Codable, Sendable, Equatable {
  /// The title, such as `SOPT 29th iOS`.
  var title: String?
  /// The name, never empty.
  var name: String
  /// The birthday, a real date written `YYYY-MM-DD`.
  var birthday: String?
  /// Four uppercase letters, one from each pair E/I, S/N, T/F, J/P.
  var mbti: String?
  /// The Instagram handle.
  var instagram: String?
  /// A link.
  var linkURL: String?
  /// Free text.
  var description: String?
  /// A built-in picture, 0...5.
  var defaultImage: Int
  /// Up to three short facts, in order, none empty.
  var tmi: [String]
  /// The uploaded picture, if any.
  var image: StoredImage?
}
