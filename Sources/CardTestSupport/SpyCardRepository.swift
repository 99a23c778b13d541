import CardDomain
import Synchronization

/// A card repository that records every call and answers as scripted, for testing use
/// cases and anything built on them.
public final class SpyCardRepository: CardRepository {
  /// One recorded call.
  public enum Call: Hashable, Sendable {
    /// ``CardRepository/cards()``.
    case cards
    /// ``CardRepository/card(id:)``.
    case card(CardID)
    /// ``CardRepository/create(_:)``.
    case create(CardDraft)
    /// ``CardRepository/reorder(_:)``.
    case reorder([CardID])
    /// ``CardRepository/delete(id:)``.
    case delete(CardID)
  }

  private struct State {
    var calls: [Call] = []
    var cards: [Card]
    var failure: CardError?
  }

  private let state: Mutex<State>

  /// Creates a repository holding `cards`; when `failure` is set every call throws it.
  public init(cards: [Card] = [], failure: CardError? = nil) {
    state = Mutex(State(cards: cards, failure: failure))
  }

  /// The calls so far, in order.
  public var calls: [Call] { state.withLock { $0.calls } }

  /// Makes every later call throw `failure`, or succeed again with `nil`.
  public func setFailure(_ failure: CardError?) { state.withLock { $0.failure = failure } }

  private func record(_ call: Call) throws(CardError) -> [Card] {
    let (cards, failure) = state.withLock { state in
      state.calls.append(call)
      return (state.cards, state.failure)
    }
    if let failure { throw failure }
    return cards
  }

  /// The cards held.
  public func cards() async throws(CardError) -> [Card] { try record(.cards) }

  /// The held card with this id, or a 404 rejection.
  public func card(id: CardID) async throws(CardError) -> Card {
    guard let card = try record(.card(id)).first(where: { $0.id == id }) else {
      throw .rejected(message: "card \(id) not found", status: 404)
    }
    return card
  }

  /// A card made from the draft, with the id `new-N` and the owner `spy`, appended to the
  /// held cards.
  public func create(_ draft: CardDraft) async throws(CardError) -> Card {
    let count = try record(.create(draft)).count
    let card: Card
    do {
      card = Card(
        id: try CardID("new-\(count + 1)"), owner: try UserID("spy"), name: draft.name,
        title: draft.title, birthday: draft.birthday, mbti: draft.mbti,
        instagram: draft.instagram, link: draft.link, description: draft.description,
        defaultImage: draft.defaultImage, tmis: draft.tmis)
    } catch {
      throw .invalidInput(error)
    }
    state.withLock { $0.cards.append(card) }
    return card
  }

  /// The held cards in the given order (ids not held are skipped).
  public func reorder(_ ids: [CardID]) async throws(CardError) -> [Card] {
    let cards = try record(.reorder(ids))
    let reordered = ids.compactMap { id in cards.first { $0.id == id } }
    state.withLock { $0.cards = reordered }
    return reordered
  }

  /// Removes the held card with this id.
  public func delete(id: CardID) async throws(CardError) {
    _ = try record(.delete(id))
    state.withLock { $0.cards.removeAll { $0.id == id } }
  }
}
