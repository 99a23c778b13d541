import CardDomain

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
    var user: SignedInUser?
    var signOutOutcome = SignOutOutcome.signedOut
  }

  private let ledger: SpyLedger<Call, Operation, State>

  /// When `failure` is set, signing in and out throw it.
  public init(user: SignedInUser? = nil, failure: CardError? = nil) {
    ledger = SpyLedger(State(user: user)) { $0.operation }
    if let failure { setFailure(failure, for: [.signIn, .signOut]) }
  }

  public var calls: [Call] { ledger.calls }

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

  public func signIn(userID: UserID, password: Password) async throws(CardError) -> SignedInUser {
    try ledger.perform(.signIn(userID)) { state in
      let user = SignedInUser(userID: userID)
      state.user = user
      return user
    }
  }

  /// Makes sign-outs answer `outcome` instead of `.signedOut`, such as an unreadable session
  /// set aside.
  public func setSignOutOutcome(_ outcome: SignOutOutcome) {
    ledger.update { $0.signOutOutcome = outcome }
  }

  public func signOut() async throws(CardError) -> SignOutOutcome {
    try ledger.perform(.signOut) { state in
      state.user = nil
      return state.signOutOutcome
    }
  }

  public func currentUser() async throws(CardError) -> SignedInUser? {
    try ledger.perform(.currentUser) { $0.user }
  }
}
