import CardDomain
import CardTestingPrimitives

/// A card repository whose list call never answers, as a server that holds the request: the
/// call counts itself in ``started``, then waits on a gate nobody opens, so only the
/// cancellation of its task ends it, with ``CardDomain/CardError/cancelled``. Every other
/// call fails at once as signed out.
package final class HangingCardRepository: CardRepository {
  /// Counts the list calls that have begun to wait: once it reaches one, a test can cancel
  /// the command knowing it is in flight.
  package let started = Tally()

  package init() {}

  /// Waits until the task is cancelled, then throws `.cancelled`; it never returns.
  package func cards() async throws(CardError) -> [Card] {
    started.increment()
    // Nobody opens this gate: the wait ends only when the task is cancelled.
    try? await Gate().wait()
    throw .cancelled
  }
  package func card(id: CardID) async throws(CardError) -> Card { throw .signedOut }
  package func create(_ draft: CardDraft) async throws(CardError) -> Card { throw .signedOut }
  package func reorder(_ ids: [CardID]) async throws(CardError) -> [Card] { throw .signedOut }
  package func delete(id: CardID) async throws(CardError) {}
  package func search(_ search: CardSearch) async throws(CardError) -> [Card] { throw .signedOut }
}
