import CardDomain

/// Signing in and out over the auth endpoints, keeping the credential in a
/// ``CredentialStore``.
public struct RemoteAuthRepository: AuthRepository {
  private let caller: EndpointCaller
  private let store: any CredentialStore
  private let clock: any WallClock

  /// Creates the repository.
  ///
  /// - Parameters:
  ///   - client: sends the auth endpoints; its authentication interceptor adds the
  ///     credential to `logout` and leaves `login` alone.
  ///   - store: where the credential is kept.
  ///   - clock: dates the credential's expiry.
  public init(
    client: APIClient, store: any CredentialStore, clock: any WallClock = SystemWallClock()
  ) {
    caller = EndpointCaller(client: client)
    self.store = store
    self.clock = clock
  }

  /// `POST /auth/login`, then stores the credential.
  public func signIn(userID: UserID, password: Password) async throws(CardError) -> SignedInUser {
    let now = clock.now()
    let credential = try await caller.call(
      AuthService.login(userID: userID, password: password), expecting: TokenDTO.self
    ) { (token) throws(WireMappingError) in
      try token.credential(userID: userID.rawValue, now: now)
    }
    do {
      try await store.save(credential)
    } catch {
      throw .credentialStorage(reason: error.message)
    }
    return SignedInUser(userID: userID)
  }

  /// `POST /auth/logout` to revoke the refresh token, then clears the store whatever the
  /// server said: signing out always works locally, even offline.
  ///
  /// Throws only when the store cannot be cleared.
  public func signOut() async throws(CardError) {
    do {
      try await caller.call(AuthService.logout)
    } catch {
      // The local session ends regardless; a server that could not be told keeps a
      // refresh token that is no longer stored anywhere.
    }
    do {
      try await store.clear()
    } catch {
      throw .credentialStorage(reason: error.message)
    }
  }

  /// The user of the stored credential.
  public func currentUser() async throws(CardError) -> SignedInUser? {
    let credential: AuthCredential?
    do {
      credential = try await store.load()
    } catch {
      throw .credentialStorage(reason: error.message)
    }
    guard let credential else { return nil }
    do {
      return SignedInUser(userID: try UserID(credential.userID))
    } catch {
      throw .credentialStorage(reason: "the stored session names no user")
    }
  }
}
