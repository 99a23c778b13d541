/// Signs the current user out.
public struct SignOutUseCase: Sendable {
  private let repository: any AuthRepository

  /// Creates the use case over an auth repository.
  public init(repository: any AuthRepository) { self.repository = repository }

  /// Ends the session; signing out with no session fails as ``CardError/signedOut``.
  public func execute() async throws(CardError) {
    guard try await repository.currentUser() != nil else { throw .signedOut }
    try await repository.signOut()
  }
}
