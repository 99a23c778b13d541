/// What a bare decode of the reply produces.
struct PlainEnvelope<T: Decodable>: Decodable {
  let status: Int
  let success: Bool
  let message: String
  let data: T?
}

struct PlainCard: Decodable {
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
}
