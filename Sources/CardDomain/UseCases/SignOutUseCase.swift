/// Signs the current user out.
public struct SignOutUseCase: Sendable {
  private let repository: any AuthRepository

  /// Creates the use case over an auth repository.
  public init(repository: any AuthRepository) { self.repository = repository }

  /// Ends the session; signing out with no session fails as ``CardError/signedOut``.
  ///
  /// A session store that cannot be read is signed out too: signing out is the way to
  /// discard it, so it must not fail because of it.
  public func execute() async throws(CardError) {
    do throws(CardError) {
      guard try await repository.currentUser() != nil else { throw .signedOut }
    } catch .credentialStorage {
      // Unreadable: discard it below.
    } catch {
      throw error
    }
    try await repository.signOut()
  }
}
