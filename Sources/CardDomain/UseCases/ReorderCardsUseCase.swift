/// Replaces the order of the user's card list (the seed's `cardListEdit`).
public struct ReorderCardsUseCase: Sendable {
  private let repository: any CardRepository

  /// Creates the use case over a card repository.
  public init(repository: any CardRepository) { self.repository = repository }

  /// Sends the complete new order and returns the list in that order. An empty order, an
  /// empty id or an id named twice is rejected before any request.
  public func execute(order rawIDs: [String]) async throws(CardError) -> [Card] {
    let ids = try validate { () throws(ValidationError) in
      guard !rawIDs.isEmpty else { throw .emptyCardOrder }
      let ids = try rawIDs.map { (raw) throws(ValidationError) in try CardID(raw) }
      var seen = Set<CardID>()
      var repeated: [CardID] = []
      for id in ids where !seen.insert(id).inserted && !repeated.contains(id) {
        repeated.append(id)
      }
      guard repeated.isEmpty else { throw .duplicateCardIDs(repeated) }
      return ids
    }
    return try await repository.reorder(ids)
  }
}
