import CardPrimitives
import CardTestingPrimitives
import Foundation

/// A clock whose reading, once armed, blocks the thread that reads it until the test lets it
/// go, so that a test can keep a sandbox busy inside the answer of a request: the sandbox
/// reads its clock only there, while it holds the state.
final class BlockingClock: Sendable {
  /// Counts the readings that blocked: once it reaches one, the sandbox holds the state.
  let entered = Tally()
  private let armed = Protected(false)
  private let released = DispatchSemaphore(value: 0)
  private let moment = Date(timeIntervalSince1970: 1_790_000_000)

  /// Makes the next reading block until ``release()``.
  func arm() { armed.withLock { $0 = true } }

  /// Lets the blocked reading, or the next one, return. Call it once, and on every way out
  /// of the test, so that no thread stays blocked.
  func release() { released.signal() }

  func now() -> Date {
    let blocks = armed.withLock { armed in
      defer { armed = false }
      return armed
    }
    if blocks {
      entered.increment()
      released.wait()
    }
    return moment
  }
}
