/// Signs a user in with an account name and a password.
public struct SignInUseCase: Sendable {
  private let repository: any AuthRepository

  /// Creates the use case over an auth repository.
  public init(repository: any AuthRepository) { self.repository = repository }

  /// Signs in. A blank user id or an empty password is rejected before any request.
  public func execute(userID rawUserID: String, password rawPassword: String)
    async throws(CardError) -> SignedInUser
  {
    let (userID, password) = try validate { () throws(ValidationError) in
      (try UserID(rawUserID), try Password(rawPassword))
    }
    return try await repository.signIn(userID: userID, password: password)
  }
}
