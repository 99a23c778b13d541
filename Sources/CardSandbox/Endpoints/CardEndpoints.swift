import CardPrimitives

private struct ReorderBody: Decodable {
  let cardIds: [String]
}

extension RequestHandler {
  func listCards(_ request: SandboxRequest) throws(APIError) -> SandboxResponse {
    let grant = try authenticate(request)
    let revision = try APIError.reading { () throws(SQLiteError) in try store.revision() }
    return try listReplies.reply(for: grant.userId, at: revision) { () throws(APIError) in
      let cards = try store.cards.list(for: grant.userId).map(CardResource.init)
      return .envelope(200, "cards fetched", data: cards)
    }
  }

  /// The user's cards that the query matches, in list order; the query is read only once the
  /// token is known to be valid.
  func searchCards(_ query: Substring, _ request: SandboxRequest) throws(APIError)
    -> SandboxResponse
  {
    let grant = try authenticate(request)
    let search = try CardSearchQuery(parsing: query)
    let cards = try store.cards.list(for: grant.userId).filter { search.matches($0.content) }
    return .envelope(200, "cards found", data: cards.map(CardResource.init))
  }

  func cardDetail(_ cardId: String, _ request: SandboxRequest) throws(APIError)
    -> SandboxResponse
  {
    let grant = try authenticate(request)
    let record = try store.cards.card(cardId, for: grant.userId)
    return .envelope(200, "card fetched", data: CardResource(record))
  }

  /// `201` with the new card and its `Location`; `form` is the request's form as
  /// ``PreparedRequest`` read it, refused only once the token is known to be valid.
  func createCard(_ request: SandboxRequest, form: Result<CardContent, APIError>?)
    throws(APIError) -> SandboxResponse
  {
    let grant = try authenticate(request)
    let content = try (form ?? Result { () throws(APIError) in try CardForm.content(of: request) })
      .get()
    let record = try store.cards.create(content, for: grant.userId)
    return .envelope(
      201, "card created", data: CardResource(record),
      headers: ["Location": "/card/\(record.cardId)"])
  }

  func reorderCards(_ request: SandboxRequest) throws(APIError) -> SandboxResponse {
    let grant = try authenticate(request)
    let body = try JSONBody.decode(ReorderBody.self, from: request)
    let cards = try store.cards.reorder(body.cardIds, for: grant.userId).map(CardResource.init)
    return .envelope(200, "cards reordered", data: cards)
  }

  func deleteCard(_ cardId: String, _ request: SandboxRequest) throws(APIError)
    -> SandboxResponse
  {
    let grant = try authenticate(request)
    try store.cards.delete(cardId, for: grant.userId)
    return .envelope(200, "card deleted")
  }

  /// The uploaded picture's bytes and type, not an envelope.
  func cardImage(_ cardId: String, _ request: SandboxRequest) throws(APIError)
    -> SandboxResponse
  {
    let grant = try authenticate(request)
    guard let image = try store.cards.image(of: cardId, for: grant.userId) else {
      throw .notFound("card \(cardId) has no uploaded image")
    }
    return SandboxResponse(
      status: 200, headers: ["Content-Type": image.contentType], body: image.bytes)
  }
}

/// The contract's `Card` JSON. A field without a value is left out rather than written as
/// `null`; so are an empty `tmi` and the `imageURL` of a card without an uploaded picture.
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
    imageURL = content.image == nil ? nil : "/card/\(cardId)/image"
    tmi = content.tmi.isEmpty ? nil : content.tmi
  }
}
