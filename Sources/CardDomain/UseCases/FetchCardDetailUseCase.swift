/// Fetches one card by its id.
public struct FetchCardDetailUseCase: Sendable {
  private let repository: any CardRepository

  /// Creates the use case over a card repository.
  public init(repository: any CardRepository) { self.repository = repository }

  /// The card with the given id. An empty id is rejected before any request.
  public func execute(id rawID: String) async throws(CardError) -> Card {
    let id = try validate { () throws(ValidationError) in try CardID(rawID) }
    return try await repository.card(id: id)
  }
}
