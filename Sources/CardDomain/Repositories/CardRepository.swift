/// The cards of the signed-in user, wherever they live.
public protocol CardRepository: Sendable {
  /// The user's cards, in the user's order.
  func cards() async throws(CardError) -> [Card]
  /// One card.
  func card(id: CardID) async throws(CardError) -> Card
  /// Creates a card from a validated draft and returns it as stored.
  func create(_ draft: CardDraft) async throws(CardError) -> Card
  /// Replaces the order of the user's list and returns the list in its new order.
  func reorder(_ ids: [CardID]) async throws(CardError) -> [Card]
  /// Deletes a card.
  func delete(id: CardID) async throws(CardError)
}
