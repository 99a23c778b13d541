import CardDomain
import CardPrimitives

/// The ids of the cards the last listing showed (`cards`, `cards --short`, `cards search`,
/// `cards order`), newest list only, for completing card ids at the prompt.
package final class RecentCards: Sendable {
  private let ids = Protected<[String]>([])

  package init() {}

  package var cardIDs: [String] { ids.withLock { $0 } }

  /// Keeps the ids of a listing `outcome`; any other outcome leaves them.
  func record(_ outcome: CommandOutcome) {
    switch outcome {
    case .success(.cards(let cards)), .success(.cardLines(let cards)),
      .success(.reordered(let cards)):
      ids.withLock { $0 = cards.map(\.id.rawValue) }
    default:
      break
    }
  }
}
