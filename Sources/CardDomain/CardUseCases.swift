// One use case per card flow. Each checks its input with the domain's own types and rejects
// invalid input (``CardError/invalidInput(_:)``) before the repository is called.

/// Lists the signed-in user's cards in the user's order.
public struct ListCardsUseCase: Sendable {
  private let repository: any CardRepository

  public init(repository: any CardRepository) { self.repository = repository }

  public func execute() async throws(CardError) -> [Card] { try await repository.cards() }
}

/// Fetches one card by its id; an empty id is rejected.
public struct FetchCardDetailUseCase: Sendable {
  private let repository: any CardRepository

  public init(repository: any CardRepository) { self.repository = repository }

  public func execute(id rawID: String) async throws(CardError) -> Card {
    let id = try validate { () throws(ValidationError) in try CardID(rawID) }
    return try await repository.card(id: id)
  }
}

/// Creates a card, with or without an image, from a draft that ``CardDraft/validated()``
/// accepts.
public struct CreateCardUseCase: Sendable {
  private let repository: any CardRepository

  public init(repository: any CardRepository) { self.repository = repository }

  public func execute(_ draft: CardDraft) async throws(CardError) -> Card {
    let valid = try validate { () throws(ValidationError) in try draft.validated() }
    return try await repository.create(valid)
  }
}

/// Replaces the order of the user's card list (the seed's `cardListEdit`) with a complete new
/// order, and returns the list in that order. An empty order, an empty id or an id named
/// twice is rejected.
public struct ReorderCardsUseCase: Sendable {
  private let repository: any CardRepository

  public init(repository: any CardRepository) { self.repository = repository }

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

/// Deletes one card; an empty id is rejected.
public struct DeleteCardUseCase: Sendable {
  private let repository: any CardRepository

  public init(repository: any CardRepository) { self.repository = repository }

  public func execute(id rawID: String) async throws(CardError) {
    let id = try validate { () throws(ValidationError) in try CardID(rawID) }
    try await repository.delete(id: id)
  }
}

/// Finds the user's cards whose name, title or description contains a text, in any case,
/// and whose MBTI is the one given; either may be left out (neither: every card). An empty
/// text, one over ``CardSearch/maximumTextLength`` characters or an invalid MBTI is rejected.
public struct SearchCardsUseCase: Sendable {
  private let repository: any CardRepository

  public init(repository: any CardRepository) { self.repository = repository }

  /// The matches in the user's list order. `nil` leaves a criterion out; an empty or too long
  /// `text`, or an MBTI that is not four valid letters in any case, throws
  /// ``CardError/invalidInput(_:)`` before any request.
  public func execute(text: String?, mbti rawMBTI: String?) async throws(CardError) -> [Card] {
    let search = try validate { () throws(ValidationError) in
      let mbti = try rawMBTI.map { (raw) throws(ValidationError) in try MBTI(raw) }
      return try CardSearch(text: text, mbti: mbti)
    }
    return try await repository.search(search)
  }
}
