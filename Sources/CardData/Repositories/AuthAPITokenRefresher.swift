import CardDomain

/// Refreshes the credential with `POST /auth/refresh`, through a client that has no
/// authentication interceptor (the refresh must not wait for itself).
public struct AuthAPITokenRefresher: TokenRefresher {
  private let caller: EndpointCaller
  private let clock: any WallClock

  /// Creates the refresher over a client without the authentication interceptor.
  public init(client: APIClient, clock: any WallClock = SystemWallClock()) {
    caller = EndpointCaller(client: client)
    self.clock = clock
  }

  /// The new credential; a 4xx from the server throws ``CardDomain/CardError/rejected(message:status:)``.
  public func refresh(_ credential: AuthCredential) async throws(CardError) -> AuthCredential {
    let now = clock.now()
    return try await caller.call(
      AuthService.refresh(refreshToken: credential.refreshToken), expecting: TokenDTO.self
    ) { (token) throws(WireMappingError) in
      try token.credential(userID: credential.userID, now: now)
    }
  }
}
