import CardDomain

/// Buys a new credential with the refresh token of an old one (`POST /auth/refresh`, sent by
/// a chain without the ``Authentication`` middleware).
package protocol TokenRefresher: Sendable {
  /// Throws `requestErr` when the server refused the refresh token, other cases when it could
  /// not say.
  func refresh(_ credential: AuthCredential) async throws(CardError) -> AuthCredential
}

/// Refreshes the credential with `POST /auth/refresh`, through a client without the
/// ``Authentication`` middleware (the refresh must not wait for itself).
package struct APITokenRefresher: TokenRefresher {
  private let client: any APIClient
  private let clock: any WallClock

  package init(client: any APIClient, clock: any WallClock = SystemWallClock()) {
    self.client = client
    self.clock = clock
  }

  package func refresh(_ credential: AuthCredential) async throws(CardError) -> AuthCredential {
    try await client.send(.refresh(credential, at: clock.now()))
  }
}
