import CardDomain

/// Buys a new credential with the refresh token of an old one.
public protocol TokenRefresher: Sendable {
  /// Returns the new credential.
  ///
  /// Throws ``CardDomain/CardError/rejected(message:status:)`` when the server refused the
  /// refresh token (the session is over), and other cases when the refresh could not be
  /// judged (network or server failure, a reply that breaks the contract).
  func refresh(_ credential: AuthCredential) async throws(CardError) -> AuthCredential
}
