/// Tells who is signed in.
public struct CurrentUserUseCase: Sendable {
  private let repository: any AuthRepository

  /// Creates the use case over an auth repository.
  public init(repository: any AuthRepository) { self.repository = repository }

  /// The signed-in user, or `nil` when no one is.
  public func execute() async throws(CardError) -> SignedInUser? {
    try await repository.currentUser()
  }
}
