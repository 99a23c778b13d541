private struct ReorderBody: Decodable {
  let cardIds: [String]
}

extension RequestHandler {
  /// `GET /cards`: `200` with the user's cards in list order.
  func listCards(_ request: SandboxRequest) throws(APIError) -> SandboxResponse {
    let grant = try authenticate(request)
    let cards = state.cards.list(for: grant.userId).map(CardResource.init)
    return .envelope(200, "cards fetched", data: cards)
  }

  /// `GET /card/{cardId}`: `200` with the card, `404` or `403`.
  func cardDetail(_ cardId: String, _ request: SandboxRequest) throws(APIError)
    -> SandboxResponse
  {
    let grant = try authenticate(request)
    let record = try state.cards.card(cardId, for: grant.userId)
    return .envelope(200, "card fetched", data: CardResource(record))
  }

  /// `POST /card` with a `multipart/form-data` body: `201` with the new card and its
  /// `Location`.
  mutating func createCard(_ request: SandboxRequest) throws(APIError) -> SandboxResponse {
    let grant = try authenticate(request)
    let sent = request.headers["Content-Type"]
    guard let sent, let mediaType = MediaType(sent), mediaType.essence == MediaType.formData
    else {
      let what = sent.map { "not \($0)" } ?? "but the request has none"
      throw .unsupportedMediaType("the Content-Type must be multipart/form-data, \(what)")
    }
    let parts: [FormDataPart]
    do throws(MultipartParser.Malformed) {
      let boundary = try MultipartParser.boundary(of: mediaType)
      parts = try MultipartParser.parts(of: request.body, boundary: boundary)
    } catch {
      throw .badRequest("the multipart body is malformed: \(error.reason)")
    }
    let record = state.cards.create(try CardForm.content(from: parts), for: grant.userId)
    return .envelope(
      201, "card created", data: CardResource(record),
      headers: ["Location": "/card/\(record.cardId)"])
  }

  /// `PUT /cards` with `{"cardIds": [...]}`: `200` with the cards in the new order, `400`
  /// naming an unknown, repeated or missing id.
  mutating func reorderCards(_ request: SandboxRequest) throws(APIError) -> SandboxResponse {
    let grant = try authenticate(request)
    let body = try JSONBody.decode(ReorderBody.self, from: request)
    let cards = try state.cards.reorder(body.cardIds, for: grant.userId).map(CardResource.init)
    return .envelope(200, "cards reordered", data: cards)
  }

  /// `DELETE /card/{cardId}`: `200` with `null`, `404` or `403`.
  mutating func deleteCard(_ cardId: String, _ request: SandboxRequest) throws(APIError)
    -> SandboxResponse
  {
    let grant = try authenticate(request)
    try state.cards.delete(cardId, for: grant.userId)
    return .envelope(200, "card deleted")
  }

  /// `GET /card/{cardId}/image`: `200` with the uploaded picture's bytes and type (not an
  /// envelope), `404` when the card has no picture.
  func cardImage(_ cardId: String, _ request: SandboxRequest) throws(APIError)
    -> SandboxResponse
  {
    let grant = try authenticate(request)
    let record = try state.cards.card(cardId, for: grant.userId)
    guard let image = record.content.image else {
      throw .notFound("card \(cardId) has no uploaded image")
    }
    return SandboxResponse(
      status: 200, headers: ["Content-Type": image.contentType], body: image.bytes)
  }
}

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
