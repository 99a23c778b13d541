/// Signs a user in; a blank user id or an empty password is rejected before any request.
public struct SignInUseCase: Sendable {
  private let repository: any AuthRepository

  public init(repository: any AuthRepository) { self.repository = repository }

  public func execute(userID rawUserID: String, password rawPassword: String)
    async throws(CardError) -> SignedInUser
  {
    let (userID, password) = try validate { () throws(ValidationError) in
      (try UserID(rawUserID), try Password(rawPassword))
    }
    return try await repository.signIn(userID: userID, password: password)
  }
}

/// Signs the current user out: the one place the rule lives.
///
/// With no session, signing out fails as ``CardError/signedOut``, so a script can tell. A
/// session that cannot be read is signed out too (signing out is how it is discarded), and
/// the outcome says where it was set aside.
public struct SignOutUseCase: Sendable {
  private let repository: any AuthRepository

  public init(repository: any AuthRepository) { self.repository = repository }

  public func execute() async throws(CardError) -> SignOutOutcome {
    do throws(CardError) {
      guard try await repository.currentUser() != nil else { throw .signedOut }
    } catch .credentialStorage {
      // Unreadable: discarded below.
    }
    return try await repository.signOut()
  }
}

/// Tells who is signed in: `nil` when no one is.
public struct CurrentUserUseCase: Sendable {
  private let repository: any AuthRepository

  public init(repository: any AuthRepository) { self.repository = repository }

  public func execute() async throws(CardError) -> SignedInUser? {
    try await repository.currentUser()
  }
}
