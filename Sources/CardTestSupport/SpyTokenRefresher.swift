import CardData
import CardDomain
import CardPrimitives
import Foundation

/// A token refresher that records its calls and answers as scripted: by default a new
/// credential with fresh tokens (`access-1`, `refresh-1`, then `-2`, …), valid for an hour
/// from the given clock's time.
///
/// Made with `holdsRefreshes`, each refresh waits until the test completes it, so that a test
/// can act while a refresh is in flight (pile requests up behind it, sign in again, cancel a
/// waiter) without guessing how long anything takes:
///
/// ```swift
/// let refresher = SpyTokenRefresher(clock: clock, holdsRefreshes: true)
/// let request = Task { try await client.send(endpoint) }
/// try await refresher.waitUntilCalled(1)       // the refresh is now in flight
/// refresher.completeRefresh()                  // or completeRefresh(throwing: …)
/// ```
public final class SpyTokenRefresher: TokenRefresher {
  private struct State {
    var calls: [AuthCredential] = []
    var failure: CardError?
    /// Refreshes waiting for the test, by call number.
    var held: [Int: CheckedContinuation<CardError?, Never>] = [:]
    /// Outcomes the test gave before their refresh was called, by call number.
    var early: [Int: CardError?] = [:]
    /// Call numbers that were completed or cancelled.
    var answered: Set<Int> = []
  }

  private let state = Protected(State())
  private let calls = Tally()
  private let clock: any WallClock
  private let holdsRefreshes: Bool

  /// Creates a refresher.
  ///
  /// - Parameters:
  ///   - clock: dates the new credential's expiry.
  ///   - failure: when set, every refresh throws it.
  ///   - holdsRefreshes: when true, each refresh waits for ``completeRefresh()`` or
  ///     ``completeRefresh(throwing:)``, in the order the refreshes were called.
  public init(
    clock: any WallClock = SystemWallClock(), failure: CardError? = nil,
    holdsRefreshes: Bool = false
  ) {
    self.clock = clock
    self.holdsRefreshes = holdsRefreshes
    state.withLock { $0.failure = failure }
  }

  /// How many refreshes were made.
  public var callCount: Int { state.withLock { $0.calls.count } }
  /// The credentials that were refreshed, in order.
  public var refreshedCredentials: [AuthCredential] { state.withLock { $0.calls } }

  /// Makes every later refresh throw `failure`, or succeed again with `nil`.
  public func setFailure(_ failure: CardError?) { state.withLock { $0.failure = failure } }

  /// Returns once `count` refreshes have been called in all.
  public func waitUntilCalled(_ count: Int) async throws(CancellationError) {
    try await calls.wait(forAtLeast: count)
  }

  /// Lets the oldest refresh not yet completed answer as scripted (a fresh credential, or
  /// the failure set with ``setFailure(_:)``). When it has not been called yet, it answers so
  /// as soon as it is.
  public func completeRefresh() { complete(with: nil) }

  /// Makes the oldest refresh not yet completed throw `error`.
  public func completeRefresh(throwing error: CardError) { complete(with: error) }

  /// Records the call, waits for the test when refreshes are held, and answers.
  public func refresh(_ credential: AuthCredential) async throws(CardError) -> AuthCredential {
    let (generation, scripted) = state.withLock { state in
      state.calls.append(credential)
      return (state.calls.count, state.failure)
    }
    calls.increment()
    var failure = scripted
    if holdsRefreshes, let given = await heldOutcome(of: generation) { failure = given }
    if let failure { throw failure }
    return AuthCredential(
      userID: credential.userID,
      accessToken: "access-\(generation)",
      refreshToken: "refresh-\(generation)",
      expiresAt: clock.now().addingTimeInterval(3_600))
  }

  /// Waits until the test completes refresh number `generation`; `.cancelled` when its task
  /// is cancelled first.
  private func heldOutcome(of generation: Int) async -> CardError? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let now: CardError?? = state.withLock { state in
          if let given = state.early.removeValue(forKey: generation) { return given }
          if Task.isCancelled {
            state.answered.insert(generation)
            return .some(.cancelled)
          }
          state.held[generation] = continuation
          return nil
        }
        if let now { continuation.resume(returning: now) }
      }
    } onCancel: {
      let continuation = state.withLock { state in
        state.answered.insert(generation)
        return state.held.removeValue(forKey: generation)
      }
      continuation?.resume(returning: .cancelled)
    }
  }

  private func complete(with error: CardError?) {
    let continuation = state.withLock { state in
      let generation = (1...).first { !state.answered.contains($0) }!
      state.answered.insert(generation)
      guard let continuation = state.held.removeValue(forKey: generation) else {
        state.early[generation] = error
        return nil as CheckedContinuation<CardError?, Never>?
      }
      return continuation
    }
    continuation?.resume(returning: error)
  }
}
