/// Signing in and out, and who is signed in now.
public protocol AuthRepository: Sendable {
  /// Signs in and keeps the session for later requests.
  func signIn(userID: UserID, password: Password) async throws(CardError) -> SignedInUser
  /// Ends the session, on the server where possible and always locally.
  func signOut() async throws(CardError)
  /// The signed-in user, or `nil` when no session is kept.
  func currentUser() async throws(CardError) -> SignedInUser?
}
