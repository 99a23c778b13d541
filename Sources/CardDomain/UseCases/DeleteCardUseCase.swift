/// Deletes one card.
public struct DeleteCardUseCase: Sendable {
  private let repository: any CardRepository

  /// Creates the use case over a card repository.
  public init(repository: any CardRepository) { self.repository = repository }

  /// Deletes the card with the given id. An empty id is rejected before any request.
  public func execute(id rawID: String) async throws(CardError) {
    let id = try validate { () throws(ValidationError) in try CardID(rawID) }
    try await repository.delete(id: id)
  }
}
