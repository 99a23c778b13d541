import Foundation

/// A card as the endpoints answer it and as format 1's JSON state held it.
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
  /// A card read from the database for its fields has the image's type here and no bytes:
  /// only `GET /card/{id}/image` reads them (``CardStore/image(of:for:)``).
  var image: StoredImage?
}

/// An uploaded `image/jpeg` or `image/png`: a blob in the database, base64 in format 1's
/// JSON.
struct StoredImage: Codable, Sendable, Equatable {
  let contentType: String
  let bytes: Data
}
