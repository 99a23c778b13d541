import CardDomain
import Synchronization

/// An auth repository that records every call and keeps the signed-in user in memory.
public final class SpyAuthRepository: AuthRepository {
  /// One recorded call; the password is not recorded.
  public enum Call: Hashable, Sendable {
    /// ``AuthRepository/signIn(userID:password:)``.
    case signIn(UserID)
    /// ``AuthRepository/signOut()``.
    case signOut
    /// ``AuthRepository/currentUser()``.
    case currentUser
  }

  private struct State {
    var calls: [Call] = []
    var user: SignedInUser?
    var failure: CardError?
    var currentUserFailure: CardError?
  }

  private let state: Mutex<State>

  /// Creates a repository, signed in as `user` when given; when `failure` is set, sign-in
  /// and sign-out throw it.
  public init(user: SignedInUser? = nil, failure: CardError? = nil) {
    state = Mutex(State(user: user, failure: failure))
  }

  /// The calls so far, in order.
  public var calls: [Call] { state.withLock { $0.calls } }

  /// Signs in as `userID`, or throws the scripted failure.
  public func signIn(userID: UserID, password: Password) async throws(CardError) -> SignedInUser {
    let failure = state.withLock { state in
      state.calls.append(.signIn(userID))
      return state.failure
    }
    if let failure { throw failure }
    let user = SignedInUser(userID: userID)
    state.withLock { $0.user = user }
    return user
  }

  /// Signs out, or throws the scripted failure.
  public func signOut() async throws(CardError) {
    let failure = state.withLock { state in
      state.calls.append(.signOut)
      return state.failure
    }
    if let failure { throw failure }
    state.withLock { $0.user = nil }
  }

  /// Makes ``currentUser()`` throw `failure` (such as an unreadable store), or answer again
  /// with `nil`.
  public func setCurrentUserFailure(_ failure: CardError?) {
    state.withLock { $0.currentUserFailure = failure }
  }

  /// The signed-in user, or the scripted failure.
  public func currentUser() async throws(CardError) -> SignedInUser? {
    let (user, failure) = state.withLock { state in
      state.calls.append(.currentUser)
      return (state.user, state.currentUserFailure)
    }
    if let failure { throw failure }
    return user
  }
}
