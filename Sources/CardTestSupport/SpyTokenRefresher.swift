import CardData
import CardDomain
import Foundation
import Synchronization

/// A token refresher that counts its calls and answers as scripted: by default a new
/// credential with fresh tokens, valid for an hour from the given clock's time.
public final class SpyTokenRefresher: TokenRefresher {
  private struct State {
    var calls: [AuthCredential] = []
    var failure: CardError?
  }

  private let state = Mutex(State())
  private let clock: any WallClock
  private let delay: Duration

  /// Creates a refresher.
  ///
  /// - Parameters:
  ///   - clock: dates the new credential's expiry.
  ///   - delay: how long each refresh takes, so that concurrent requests pile up behind it.
  ///   - failure: when set, every refresh throws it.
  public init(
    clock: any WallClock = SystemWallClock(), delay: Duration = .zero, failure: CardError? = nil
  ) {
    self.clock = clock
    self.delay = delay
    state.withLock { $0.failure = failure }
  }

  /// How many refreshes were made.
  public var callCount: Int { state.withLock { $0.calls.count } }
  /// The credentials that were refreshed, in order.
  public var refreshedCredentials: [AuthCredential] { state.withLock { $0.calls } }

  /// Makes every later refresh throw `failure`, or succeed again with `nil`.
  public func setFailure(_ failure: CardError?) { state.withLock { $0.failure = failure } }

  /// Records the call, waits the delay, and answers as scripted.
  public func refresh(_ credential: AuthCredential) async throws(CardError) -> AuthCredential {
    let (generation, failure) = state.withLock { state in
      state.calls.append(credential)
      return (state.calls.count, state.failure)
    }
    if delay > .zero {
      do { try await Task.sleep(for: delay) } catch { throw .cancelled }
    }
    if let failure { throw failure }
    return AuthCredential(
      userID: credential.userID,
      accessToken: "access-\(generation)",
      refreshToken: "refresh-\(generation)",
      expiresAt: clock.now().addingTimeInterval(3_600))
  }
}
