/// The contract's `Card` JSON. Fields without a value are left out rather than written as
/// `null`; `tmi` is left out when there are none, and `imageURL` when no picture was
/// uploaded.
struct CardResource: Encodable, Sendable {
  let cardId: String
  let userId: String
  let title: String?
  let name: String
  let birthday: String?
  let mbti: String?
  let instagram: String?
  let linkURL: String?
  let description: String?
  let defaultImage: Int
  let imageURL: String?
  let tmi: [String]?

  /// The JSON of `record`.
  init(_ record: CardRecord) {
    let content = record.content
    cardId = record.cardId
    userId = record.userId
    title = content.title
    name = content.name
    birthday = content.birthday
    mbti = content.mbti
    instagram = content.instagram
    linkURL = content.linkURL
    description = content.description
    defaultImage = content.defaultImage
    imageURL = content.image == nil ? nil : record.imagePath
    tmi = content.tmi.isEmpty ? nil : content.tmi
  }
}
