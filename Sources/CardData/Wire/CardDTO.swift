/// A card as the wire carries it. The property names are the contract's field names.
///
/// `cardId`, `userId`, `name` and `defaultImage` are always present; every other field may
/// be absent or `null`. Decoding checks only the JSON types; ``card()`` checks the rules.
public struct CardDTO: Codable, Hashable, Sendable {
  /// The server's opaque identifier, such as `c1`.
  public var cardId: String
  /// The owning account, such as `demo`.
  public var userId: String
  /// A heading such as a team or a role.
  public var title: String?
  /// The name on the card.
  public var name: String
  /// The birthday as `YYYY-MM-DD`.
  public var birthday: String?
  /// Four letters such as `INFP`.
  public var mbti: String?
  /// An Instagram handle.
  public var instagram: String?
  /// A link the holder shares.
  public var linkURL: String?
  /// Free text about the holder.
  public var description: String?
  /// The built-in picture, 0...5.
  public var defaultImage: Int
  /// Where the uploaded image is served, relative to the server, such as `/card/c1/image`.
  public var imageURL: String?
  /// Up to three short facts.
  public var tmi: [String]?

  /// Creates a card as the wire carries it; only the always-present fields are required.
  public init(
    cardId: String,
    userId: String,
    title: String? = nil,
    name: String,
    birthday: String? = nil,
    mbti: String? = nil,
    instagram: String? = nil,
    linkURL: String? = nil,
    description: String? = nil,
    defaultImage: Int,
    imageURL: String? = nil,
    tmi: [String]? = nil
  ) {
    self.cardId = cardId
    self.userId = userId
    self.title = title
    self.name = name
    self.birthday = birthday
    self.mbti = mbti
    self.instagram = instagram
    self.linkURL = linkURL
    self.description = description
    self.defaultImage = defaultImage
    self.imageURL = imageURL
    self.tmi = tmi
  }
}
