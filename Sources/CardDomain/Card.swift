import Foundation

/// A business card as the app shows it, built by the Data layer from the server's reply and
/// never coupled to the wire format. The Data layer rejects a reply whose name is blank.
public struct Card: Identifiable, Hashable, Sendable {
  public let id: CardID
  public let owner: UserID
  public var name: String
  /// A heading such as a team or a role.
  public var title: String?
  public var birthday: Birthday?
  public var mbti: MBTI?
  public var instagram: String?
  public var link: URL?
  public var description: String?
  /// The built-in picture shown when there is no uploaded image.
  public var defaultImage: DefaultImage
  /// Where the uploaded image can be fetched, relative to the server; `nil` without one.
  public var imageURL: URL?
  public var tmis: TMIList

  public init(
    id: CardID, owner: UserID, name: String, title: String? = nil, birthday: Birthday? = nil,
    mbti: MBTI? = nil, instagram: String? = nil, link: URL? = nil, description: String? = nil,
    defaultImage: DefaultImage = .first, imageURL: URL? = nil, tmis: TMIList = .empty
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

/// What a user fills in to create a card; only `name` is required. ``CreateCardUseCase``
/// sends only what ``validated()`` accepts.
public struct CardDraft: Hashable, Sendable {
  public var name: String
  public var title: String?
  public var birthday: Birthday?
  public var mbti: MBTI?
  public var instagram: String?
  public var link: URL?
  public var description: String?
  public var defaultImage: DefaultImage
  public var tmis: TMIList
  /// An image to upload with the card.
  public var image: CardImage?

  public init(
    name: String, title: String? = nil, birthday: Birthday? = nil, mbti: MBTI? = nil,
    instagram: String? = nil, link: URL? = nil, description: String? = nil,
    defaultImage: DefaultImage = .first, tmis: TMIList = .empty, image: CardImage? = nil
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

  /// Checks what the field types cannot: a non-blank name, an absolute `http` or `https`
  /// link, and the image.
  public func validated() throws(ValidationError) -> CardDraft {
    guard !name.isBlank else { throw .emptyName }
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
