import CardDomain

/// The card repository over the card service's HTTP API.
public struct RemoteCardRepository: CardRepository {
  private let caller: EndpointCaller

  /// Creates the repository over a client whose interceptor authenticates card requests.
  public init(client: APIClient) { caller = EndpointCaller(client: client) }

  /// `GET /cards`.
  public func cards() async throws(CardError) -> [Card] {
    try await caller.call(CardService.cardList, expecting: [CardDTO].self) {
      (dtos) throws(WireMappingError) in try dtos.cards()
    }
  }

  /// `GET /card/{cardId}`.
  public func card(id: CardID) async throws(CardError) -> Card {
    try await caller.call(CardService.cardDetailFetch(id), expecting: CardDTO.self) {
      (dto) throws(WireMappingError) in try dto.card()
    }
  }

  /// `POST /card` as `multipart/form-data`, streaming a file image.
  public func create(_ draft: CardDraft) async throws(CardError) -> Card {
    try await caller.call(CardService.cardCreation(draft), expecting: CardDTO.self) {
      (dto) throws(WireMappingError) in try dto.card()
    }
  }

  /// `PUT /cards` with the complete new order.
  public func reorder(_ ids: [CardID]) async throws(CardError) -> [Card] {
    try await caller.call(CardService.cardListEdit(ids), expecting: [CardDTO].self) {
      (dtos) throws(WireMappingError) in try dtos.cards()
    }
  }

  /// `DELETE /card/{cardId}`.
  public func delete(id: CardID) async throws(CardError) {
    try await caller.call(CardService.cardDelete(id))
  }
}
