import CardDomain

/// The body of `cardListEdit`: the complete new order of the user's list,
/// `{"cardIds": ["c2", "c1"]}`.
public struct CardListEditRequestDTO: Codable, Hashable, Sendable {
  /// Every card id the user owns, each once, in the new order.
  public var cardIds: [String]

  /// Creates the body for a new order.
  public init(order: [CardID]) { cardIds = order.map(\.rawValue) }
}
