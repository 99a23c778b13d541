import CardDomain
import CardPrimitives

/// A card repository that records every call and keeps one user's cards in memory, answering
/// as the service does: an unknown id is a 404, a reorder must name every card once (a 400
/// naming the first offending id otherwise), and a search finds what the service would.
/// Failures are scripted per operation and call:
///
/// ```swift
/// let cards = SpyCardRepository(cards: [minji])
/// cards.failNext(.cards, with: .networkFail(reason: "offline"))  // the first list fails
/// cards.setFailure(.serverErr(status: 500, message: nil), for: [.create])  // every create
/// ```
public final class SpyCardRepository: CardRepository {
  public enum Call: Hashable, Sendable {
    case cards
    case card(CardID)
    case create(CardDraft)
    case reorder([CardID])
    case delete(CardID)
    case search(CardSearch)

    public var operation: Operation {
      switch self {
      case .cards: .cards
      case .card: .card
      case .create: .create
      case .reorder: .reorder
      case .delete: .delete
      case .search: .search
      }
    }
  }

  public enum Operation: Hashable, Sendable, CaseIterable {
    case cards, card, create, reorder, delete, search
  }

  private struct State {
    var cards: [Card]
    var created = 0
  }

  private let ledger: SpyLedger<Call, Operation, State>

  /// When `failure` is set, every call throws it.
  public init(cards: [Card] = [], failure: CardError? = nil) {
    ledger = SpyLedger(State(cards: cards)) { $0.operation }
    if let failure { setFailure(failure) }
  }

  public var calls: [Call] { ledger.calls }

  public var cards: [Card] { ledger.read { $0.cards } }

  /// Makes the next call of `operation` throw `failure`; calling it again queues another.
  public func failNext(_ operation: Operation, with failure: CardError) {
    ledger.failNext(operation, with: failure)
  }

  /// Makes every later call of `operations` throw `failure`, or answer again with `nil`;
  /// failures queued by ``failNext(_:with:)`` come first.
  public func setFailure(
    _ failure: CardError?, for operations: Set<Operation> = Set(Operation.allCases)
  ) {
    ledger.setFailure(failure, for: operations)
  }

  public func cards() async throws(CardError) -> [Card] {
    try ledger.perform(.cards) { $0.cards }
  }

  public func card(id: CardID) async throws(CardError) -> Card {
    try ledger.perform(.card(id)) { (state) throws(CardError) in
      guard let card = state.cards.first(where: { $0.id == id }) else { throw Self.notFound(id) }
      return card
    }
  }

  /// The new card has the id `new-N` (never reused) and the owner `spy`.
  public func create(_ draft: CardDraft) async throws(CardError) -> Card {
    try ledger.perform(.create(draft)) { (state) throws(CardError) in
      state.created += 1
      let card: Card
      do throws(ValidationError) {
        card = Card(
          id: try CardID("new-\(state.created)"), owner: try UserID("spy"), name: draft.name,
          title: draft.title, birthday: draft.birthday, mbti: draft.mbti,
          instagram: draft.instagram, link: draft.link, description: draft.description,
          defaultImage: draft.defaultImage, tmis: draft.tmis)
      } catch {
        throw .invalidInput(error)
      }
      state.cards.append(card)
      return card
    }
  }

  public func reorder(_ ids: [CardID]) async throws(CardError) -> [Card] {
    try ledger.perform(.reorder(ids)) { (state) throws(CardError) in
      if let refusal = reorderRefusal(ids, of: state.cards.map(\.id)) {
        throw .requestErr(message: refusal, status: 400)
      }
      state.cards = ids.compactMap { id in state.cards.first { $0.id == id } }
      return state.cards
    }
  }

  public func delete(id: CardID) async throws(CardError) {
    try ledger.perform(.delete(id)) { (state) throws(CardError) in
      guard let index = state.cards.firstIndex(where: { $0.id == id }) else {
        throw Self.notFound(id)
      }
      state.cards.remove(at: index)
    }
  }

  /// The cards `search` matches, in list order, judged by `CardSearch.matches(_:)`
  /// as the service judges them.
  public func search(_ search: CardSearch) async throws(CardError) -> [Card] {
    try ledger.perform(.search(search)) { $0.cards.filter(search.matches) }
  }

  private static func notFound(_ id: CardID) -> CardError {
    .requestErr(message: "card \(id) not found", status: 404)
  }
}
