import CardDomain
import CardPrimitives

/// An auth repository that records every call and keeps the signed-in user in memory. It
/// accepts any password, standing for a repository that reached a server, not for the
/// server's check; a wrong password, or any other outcome, is scripted per operation and call:
///
/// ```swift
/// let auth = SpyAuthRepository()
/// auth.failNext(.signIn, with: .requestErr(message: "wrong password", status: 401))
/// auth.setFailure(.credentialStorage(reason: "tampered"), for: [.currentUser])
/// ```
public final class SpyAuthRepository: AuthRepository {
  /// The password is not recorded.
  public enum Call: Hashable, Sendable {
    case signIn(UserID)
    case signOut
    case currentUser

    public var operation: Operation {
      switch self {
      case .signIn: .signIn
      case .signOut: .signOut
      case .currentUser: .currentUser
      }
    }
  }

  public enum Operation: Hashable, Sendable, CaseIterable {
    case signIn, signOut, currentUser
  }

  private struct State {
    var calls: [Call] = []
    var user: SignedInUser?
    var signOutOutcome = SignOutOutcome.signedOut
    var script = FailureScript<Operation>()
  }

  private let state: Protected<State>

  /// When `failure` is set, signing in and out throw it.
  public init(user: SignedInUser? = nil, failure: CardError? = nil) {
    state = Protected(State(user: user))
    if let failure { setFailure(failure, for: [.signIn, .signOut]) }
  }

  public var calls: [Call] { state.withLock { $0.calls } }

  /// Makes the next call of `operation` throw `failure`; later calls answer as before.
  public func failNext(_ operation: Operation, with failure: CardError) {
    state.withLock { $0.script.failNext(operation, with: failure) }
  }

  /// Makes every later call of `operations` (all of them by default) throw `failure`, or
  /// answer again with `nil`. Failures queued by ``failNext(_:with:)`` come first.
  public func setFailure(
    _ failure: CardError?, for operations: Set<Operation> = Set(Operation.allCases)
  ) {
    state.withLock { $0.script.setFailure(failure, for: operations) }
  }

  public func signIn(userID: UserID, password: Password) async throws(CardError) -> SignedInUser {
    try perform(.signIn(userID)) { state in
      let user = SignedInUser(userID: userID)
      state.user = user
      return user
    }
  }

  /// Such as an unreadable session set aside; `.signedOut` unless told otherwise.
  public func setSignOutOutcome(_ outcome: SignOutOutcome) {
    state.withLock { $0.signOutOutcome = outcome }
  }

  public func signOut() async throws(CardError) -> SignOutOutcome {
    try perform(.signOut) { state in
      state.user = nil
      return state.signOutOutcome
    }
  }

  public func currentUser() async throws(CardError) -> SignedInUser? {
    try perform(.currentUser) { $0.user }
  }

  private func perform<Answer: Sendable>(
    _ call: Call, _ answer: @Sendable (inout State) -> Answer
  )
    throws(CardError) -> Answer
  {
    try state.withLock { (state) throws(CardError) -> Answer in
      state.calls.append(call)
      if let failure = state.script.failure(for: call.operation) { throw failure }
      return answer(&state)
    }
  }
}
