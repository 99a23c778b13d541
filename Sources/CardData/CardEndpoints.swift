import CardDomain
import Foundation

// The contract's card operations, each needing the Bearer token; each of the seed's
// `CardService` cases is a factory of one `Endpoint` that names its response type and maps
// its reply: `client.send(.cardDetailFetch(id))` is GET /card/{id} → CardDTO → Card.

extension Endpoint where Response == [Card] {
  /// `GET /cards`: the user's cards in the user's order.
  package static var cardList: Endpoint {
    Endpoint(
      name: "cardList", method: .get, path: "/cards", authorization: .bearer,
      sampleResponse: SampleReplies.cardList, decode: cards)
  }

  /// `PUT /cards` with `{"cardIds": [...]}`: the complete new order; answers the list in it.
  package static func cardListEdit(_ order: [CardID]) -> Endpoint {
    Endpoint(
      name: "cardListEdit", method: .put, path: "/cards",
      body: .json(CardListEditRequestDTO(order: order)), authorization: .bearer,
      sampleResponse: SampleReplies.cardListEdit, decode: cards)
  }

  /// `GET /cards/search?q={text}&mbti={MBTI}`: the user's cards that match, in list order;
  /// what the search leaves out is not sent.
  package static func cardSearch(_ search: CardSearch) -> Endpoint {
    let query = [("q", search.text), ("mbti", search.mbti?.rawValue)].compactMap { name, value in
      value.map { QueryItem(name: name, value: $0) }
    }
    return Endpoint(
      name: "cardSearch", method: .get, path: "/cards/search", query: query,
      authorization: .bearer, sampleResponse: SampleReplies.cardSearch, decode: cards)
  }

  private static func cards(_ reply: HTTPResponse) -> NetworkResult<[Card]> {
    judgeStatus(of: reply, type: [CardDTO].self)
      .tryMap { (dtos) throws(WireMappingError) in try dtos.cards() }
  }
}

extension Endpoint where Response == Card {
  /// `GET /card/{cardId}`: one card; the id is percent-encoded as one path segment.
  package static func cardDetailFetch(_ id: CardID) -> Endpoint {
    Endpoint(
      name: "cardDetailFetch", method: .get, path: RequestPath(["card", id.rawValue]),
      authorization: .bearer, sampleResponse: SampleReplies.cardDetail,
      decode: card)
  }

  /// `POST /card` with the `multipart/form-data` creation form: answers `201` and the card.
  /// An image file streams from disk; a fresh random boundary is drawn for each value.
  package static func cardCreation(_ draft: CardDraft) -> Endpoint {
    Endpoint(
      name: "cardCreation", method: .post, path: "/card",
      body: .multipart(MultipartFormData(cardCreation: draft)), authorization: .bearer,
      sampleResponse: SampleReplies.cardCreation, decode: card)
  }

  private static func card(_ reply: HTTPResponse) -> NetworkResult<Card> {
    judgeStatus(of: reply, type: CardDTO.self)
      .tryMap { (dto) throws(WireMappingError) in try dto.card() }
  }
}

extension Endpoint where Response == Void {
  /// `DELETE /card/{cardId}`: `data` is `null`.
  package static func cardDelete(_ id: CardID) -> Endpoint {
    Endpoint(
      name: "cardDelete", method: .delete, path: RequestPath(["card", id.rawValue]),
      authorization: .bearer, sampleResponse: SampleReplies.cardDelete,
      decode: nothing)
  }

  /// A reply whose `data` must be `null`.
  static func nothing(_ reply: HTTPResponse) -> NetworkResult<Void> {
    judgeStatus(of: reply, type: NoPayload.self).tryMap { _ in () }
  }
}

extension MultipartFormData {
  /// The `cardCreation` form, parts named and ordered as the contract says (`card.title` …
  /// `card.thirdTMI`, then `image`). Absent fields send no part (`card.defaultImage` is always
  /// sent); text goes as given, since ``CreateCardUseCase`` validated the draft; an image
  /// file streams from disk when the request is sent.
  package init(cardCreation draft: CardDraft, boundary: String = randomBoundary()) {
    self.init(boundary: boundary)
    let fields: KeyValuePairs<String, String?> = [
      "card.title": draft.title, "card.name": draft.name,
      "card.birthday": draft.birthday?.description, "card.mbti": draft.mbti?.rawValue,
      "card.instagram": draft.instagram, "card.linkURL": draft.link?.absoluteString,
      "card.description": draft.description,
      "card.defaultImage": String(draft.defaultImage.index),
    ]
    for case (let name, let text?) in fields { append(text, name: name) }
    for (line, name) in zip(draft.tmis, ["card.firstTMI", "card.secondTMI", "card.thirdTMI"]) {
      append(line, name: name)
    }
    if let image = draft.image {
      switch image.source {
      case .bytes(let data):
        append(data, name: "image", filename: image.filename, contentType: image.mimeType.rawValue)
      case .file(let url, _):
        appendFile(
          at: url, name: "image", filename: image.filename, contentType: image.mimeType.rawValue)
      }
    }
  }
}
