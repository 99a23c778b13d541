import CardData
import CardDomain
import CardPrimitives
import CardTestingPrimitives
import Foundation

/// A token refresher that records its calls and answers as scripted: by default a credential
/// with fresh tokens (`access-1`, `refresh-1`, then `-2`, …) valid for `lifetime` (an hour
/// unless told) from `clock`'s time. With `holdsRefreshes`, each refresh waits until the test completes it, in call order,
/// so a test can act while a refresh is in flight without guessing how long anything takes:
///
/// ```swift
/// let refresher = SpyTokenRefresher(clock: clock, holdsRefreshes: true)
/// let request = Task { try await client.send(endpoint) }
/// try await refresher.waitUntilCalled(1)       // the refresh is now in flight
/// refresher.completeRefresh()                  // or completeRefresh(throwing: …)
/// ```
package final class SpyTokenRefresher: TokenRefresher {
  private struct State {
    var calls: [AuthCredential] = []
    var failure: CardError?
    /// By call number: how each held refresh ends (`.cancelled` when its task was cancelled
    /// before the test completed it), and the gates they wait on.
    var outcomes: [Int: CardError?] = [:]
    var gates: [Int: Gate] = [:]

    mutating func gate(_ generation: Int) -> Gate {
      if gates[generation] == nil { gates[generation] = Gate() }
      return gates[generation]!
    }
  }

  private let state = Protected(State())
  private let calls = Tally()
  private let clock: any WallClock
  private let holdsRefreshes: Bool
  private let lifetime: TimeInterval

  /// When `failure` is set, every refresh throws it. A `lifetime` of zero or less issues
  /// tokens that have already expired.
  package init(
    clock: any WallClock = SystemWallClock(), failure: CardError? = nil,
    holdsRefreshes: Bool = false, lifetime: TimeInterval = 3_600
  ) {
    self.clock = clock
    self.holdsRefreshes = holdsRefreshes
    self.lifetime = lifetime
    state.withLock { $0.failure = failure }
  }

  package var callCount: Int { state.withLock { $0.calls.count } }
  package var refreshedCredentials: [AuthCredential] { state.withLock { $0.calls } }

  /// `nil` makes later refreshes succeed again.
  package func setFailure(_ failure: CardError?) { state.withLock { $0.failure = failure } }

  package func waitUntilCalled(_ count: Int) async throws(CancellationError) {
    try await calls.wait(forAtLeast: count)
  }

  /// Lets the oldest refresh not yet completed answer as scripted, at once or as soon as it
  /// is called.
  package func completeRefresh() { complete(with: nil) }

  package func completeRefresh(throwing error: CardError) { complete(with: error) }

  package func refresh(_ credential: AuthCredential) async throws(CardError) -> AuthCredential {
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
      expiresAt: clock.now().addingTimeInterval(lifetime))
  }

  /// `.cancelled` when the task is cancelled first, unless the test gave an outcome already.
  private func heldOutcome(of generation: Int) async -> CardError? {
    let gate = state.withLock { $0.gate(generation) }
    await withTaskCancellationHandler {
      try? await gate.wait()
    } onCancel: {
      state.withLock { state in
        if state.outcomes[generation] == nil { state.outcomes[generation] = .some(.cancelled) }
      }
    }
    return state.withLock { $0.outcomes[generation] ?? .cancelled }
  }

  private func complete(with error: CardError?) {
    let gate = state.withLock { state in
      let generation = (1...).first { state.outcomes[$0] == nil }!
      state.outcomes[generation] = .some(error)
      return state.gate(generation)
    }
    gate.open()
  }
}
