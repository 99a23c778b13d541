/// Lists the signed-in user's cards in the user's order.
public struct ListCardsUseCase: Sendable {
  private let repository: any CardRepository

  /// Creates the use case over a card repository.
  public init(repository: any CardRepository) { self.repository = repository }

  /// The user's cards.
  public func execute() async throws(CardError) -> [Card] {
    try await repository.cards()
  }
}
