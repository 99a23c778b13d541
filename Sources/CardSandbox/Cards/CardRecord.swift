/// A stored card: its id, its owner and its content.
struct CardRecord: Codable, Sendable, Equatable {
  /// The opaque id, such as `c4`.
  let cardId: String
  /// The owner's user id.
  let userId: String
  /// The fields and the picture.
  var content: CardContent

  /// The path that serves the card's uploaded picture.
  var imagePath: String { "/card/\(cardId)/image" }
}
