import Foundation

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
    guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
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
