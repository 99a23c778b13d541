/// Creates a card, with or without an image.
public struct CreateCardUseCase: Sendable {
  private let repository: any CardRepository

  /// Creates the use case over a card repository.
  public init(repository: any CardRepository) { self.repository = repository }

  /// Validates the draft (name, link, image size and type) and creates the card.
  /// Nothing is sent for an invalid draft.
  public func execute(_ draft: CardDraft) async throws(CardError) -> Card {
    let valid = try validate { () throws(ValidationError) in try draft.validated() }
    return try await repository.create(valid)
  }
}
