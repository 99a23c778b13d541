import CardDomain

/// The card endpoints of the contract, one case per call, as Moya's `TargetType` enums do.
/// Every case needs the session's Bearer token.
public enum CardService: TargetType, Hashable {
  /// `GET /cards`: the user's cards in the user's order; data `[CardDTO]`.
  case cardList
  /// `GET /card/{cardId}`: one card; data ``CardDTO``.
  case cardDetailFetch(CardID)
  /// `POST /card` with a `multipart/form-data` body: answers `201` and the new ``CardDTO``.
  case cardCreation(CardDraft)
  /// `PUT /cards` with `{"cardIds": [...]}`, the complete new order; data `[CardDTO]`.
  case cardListEdit([CardID])
  /// `DELETE /card/{cardId}`: data `null` (``NoPayload``).
  case cardDelete(CardID)

  /// `/cards` or `/card/{cardId}`, the id percent-encoded as one segment.
  public var path: RequestPath {
    switch self {
    case .cardList, .cardListEdit: "/cards"
    case .cardCreation: "/card"
    case .cardDetailFetch(let id), .cardDelete(let id): RequestPath(["card", id.rawValue])
    }
  }

  /// `GET`, `POST`, `PUT` or `DELETE`, as the contract's table says.
  public var method: HTTPMethod {
    switch self {
    case .cardList, .cardDetailFetch: .get
    case .cardCreation: .post
    case .cardListEdit: .put
    case .cardDelete: .delete
    }
  }

  /// Nothing, the creation form (with a fresh random boundary each time it is read), or the
  /// new order as JSON.
  public var task: RequestTask {
    switch self {
    case .cardList, .cardDetailFetch, .cardDelete: .plain
    case .cardCreation(let draft): .multipart(MultipartFormData(cardCreation: draft))
    case .cardListEdit(let order): .json(CardListEditRequestDTO(order: order))
    }
  }

  /// None: the pipeline sets `Accept` and `Content-Type`.
  public var headers: HTTPHeaders { [:] }

  /// Always ``AuthorizationRequirement/bearer``.
  public var authorization: AuthorizationRequirement { .bearer }

  /// The contract's example reply: `201` for creation, `200` otherwise.
  public var sampleResponse: HTTPResponse {
    switch self {
    case .cardList: .sampleJSON(status: 200, CardServiceSamples.cardList)
    case .cardDetailFetch: .sampleJSON(status: 200, CardServiceSamples.cardDetail)
    case .cardCreation: .sampleJSON(status: 201, CardServiceSamples.cardCreation)
    case .cardListEdit: .sampleJSON(status: 200, CardServiceSamples.cardListEdit)
    case .cardDelete: .sampleJSON(status: 200, CardServiceSamples.cardDelete)
    }
  }

  /// The case name, such as `cardDetailFetch`.
  public var name: String {
    switch self {
    case .cardList: "cardList"
    case .cardDetailFetch: "cardDetailFetch"
    case .cardCreation: "cardCreation"
    case .cardListEdit: "cardListEdit"
    case .cardDelete: "cardDelete"
    }
  }
}
