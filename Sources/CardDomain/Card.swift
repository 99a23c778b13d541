import Foundation

/// A business card as the app shows it.
///
/// Built by the Data layer from the server's reply; never coupled to the wire format.
public struct Card: Identifiable, Hashable, Sendable {
  /// The server's identifier.
  public let id: CardID
  /// The account that owns the card.
  public let owner: UserID
  /// The name on the card (the Data layer rejects a reply whose name is blank).
  public var name: String
  /// A heading such as a team or a role.
  public var title: String?
  /// The holder's birthday.
  public var birthday: Birthday?
  /// The holder's Myers–Briggs type.
  public var mbti: MBTI?
  /// An Instagram handle.
  public var instagram: String?
  /// A link the holder shares.
  public var link: URL?
  /// Free text about the holder.
  public var description: String?
  /// The built-in picture shown when there is no uploaded image.
  public var defaultImage: DefaultImage
  /// Where the uploaded image can be fetched, relative to the server, when there is one.
  public var imageURL: URL?
  /// Up to three short facts.
  public var tmis: TMIList

  public init(
    id: CardID,
    owner: UserID,
    name: String,
    title: String? = nil,
    birthday: Birthday? = nil,
    mbti: MBTI? = nil,
    instagram: String? = nil,
    link: URL? = nil,
    description: String? = nil,
    defaultImage: DefaultImage = .first,
    imageURL: URL? = nil,
    tmis: TMIList = .empty
  ) {
    self.id = id
    self.owner = owner
    self.name = name
    self.title = title
    self.birthday = birthday
    self.mbti = mbti
    self.instagram = instagram
    self.link = link
    self.description = description
    self.defaultImage = defaultImage
    self.imageURL = imageURL
    self.tmis = tmis
  }
}

/// What a user fills in to create a card. ``CreateCardUseCase`` validates it before sending.
public struct CardDraft: Hashable, Sendable {
  /// The name on the card; required and never blank.
  public var name: String
  /// A heading such as a team or a role.
  public var title: String?
  /// The holder's birthday.
  public var birthday: Birthday?
  /// The holder's Myers–Briggs type.
  public var mbti: MBTI?
  /// An Instagram handle.
  public var instagram: String?
  /// A link the holder shares; must be an absolute `http` or `https` URL.
  public var link: URL?
  /// Free text about the holder.
  public var description: String?
  /// The built-in picture.
  public var defaultImage: DefaultImage
  /// Up to three short facts.
  public var tmis: TMIList
  /// An image to upload with the card.
  public var image: CardImage?

  /// Creates a draft; only `name` is required.
  public init(
    name: String,
    title: String? = nil,
    birthday: Birthday? = nil,
    mbti: MBTI? = nil,
    instagram: String? = nil,
    link: URL? = nil,
    description: String? = nil,
    defaultImage: DefaultImage = .first,
    tmis: TMIList = .empty,
    image: CardImage? = nil
  ) {
    self.name = name
    self.title = title
    self.birthday = birthday
    self.mbti = mbti
    self.instagram = instagram
    self.link = link
    self.description = description
    self.defaultImage = defaultImage
    self.tmis = tmis
    self.image = image
  }

  /// Checks what the field types cannot: a non-blank name, a web link, and the image.
  public func validated() throws(ValidationError) -> CardDraft {
    guard !name.isBlank else {
      throw .emptyName
    }
    if let link, !Self.isWebLink(link) { throw .invalidLink(link.absoluteString) }
    var draft = self
    draft.image = try image?.validated()
    return draft
  }

  private static func isWebLink(_ url: URL) -> Bool {
    guard let scheme = url.scheme?.lowercased(), let host = url.host else { return false }
    return ["http", "https"].contains(scheme) && !host.isEmpty
  }
}
