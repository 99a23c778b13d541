/// The `key=value` arguments of `card create`, as typed. Empty values of optional keys are
/// left out; `tmi` may be given several times, in order.
public struct CardCreationArguments: Hashable, Sendable {
  /// The keys `card create` accepts, in the order help lists them.
  public static let keys = [
    "name", "title", "birthday", "mbti", "instagram", "link", "description", "defaultImage",
    "tmi", "image",
  ]

  /// `name=`.
  public var name: String
  /// `title=`.
  public var title: String?
  /// `birthday=`, `YYYY-MM-DD`.
  public var birthday: String?
  /// `mbti=`.
  public var mbti: String?
  /// `instagram=`.
  public var instagram: String?
  /// `link=`.
  public var link: String?
  /// `description=`.
  public var description: String?
  /// `defaultImage=`, already read as a number.
  public var defaultImage: Int?
  /// Every `tmi=`, in order.
  public var tmis: [String]
  /// `image=`, a path.
  public var imagePath: String?

  /// Creates arguments; only the name is required.
  public init(
    name: String, title: String? = nil, birthday: String? = nil, mbti: String? = nil,
    instagram: String? = nil, link: String? = nil, description: String? = nil,
    defaultImage: Int? = nil, tmis: [String] = [], imagePath: String? = nil
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
    self.imagePath = imagePath
  }
}
