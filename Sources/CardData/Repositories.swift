import CardDomain

/// The card repository over the card service's HTTP API: each call is one endpoint.
public struct RemoteCardRepository: CardRepository {
  private let client: any APIClient

  /// `client`'s pipeline adds the session's credential.
  package init(client: any APIClient) { self.client = client }

  public func cards() async throws(CardError) -> [Card] { try await client.send(.cardList) }

  public func card(id: CardID) async throws(CardError) -> Card {
    try await client.send(.cardDetailFetch(id))
  }

  public func create(_ draft: CardDraft) async throws(CardError) -> Card {
    try await client.send(.cardCreation(draft))
  }

  public func reorder(_ ids: [CardID]) async throws(CardError) -> [Card] {
    try await client.send(.cardListEdit(ids))
  }

  public func delete(id: CardID) async throws(CardError) { try await client.send(.cardDelete(id)) }

  public func search(_ search: CardSearch) async throws(CardError) -> [Card] {
    try await client.send(.cardSearch(search))
  }
}

/// Signing in and out over the auth endpoints, keeping the credential in a
/// ``CredentialStore``.
public struct RemoteAuthRepository: AuthRepository {
  private let client: any APIClient
  private let store: any CredentialStore
  private let clock: any WallClock

  /// `client`'s ``Authentication`` middleware adds the credential to `logout` and leaves
  /// `login` alone; `clock` dates the credential's expiry.
  package init(
    client: any APIClient, store: any CredentialStore, clock: any WallClock = SystemWallClock()
  ) {
    self.client = client
    self.store = store
    self.clock = clock
  }

  /// Tokens too large for the store to keep fail as a reply this client cannot accept
  /// (`pathErr`): reported as a success, the session would be unusable from the next command.
  public func signIn(userID: UserID, password: Password) async throws(CardError) -> SignedInUser {
    let credential = try await client.send(
      .login(userID: userID, password: password, at: clock.now()))
    do {
      try await store.save(credential)
    } catch let error where error.kind == .tooLarge {
      throw .pathErr(reason: error.message)
    } catch {
      throw CardError(error)
    }
    return SignedInUser(userID: userID)
  }

  /// `POST /auth/logout` to revoke the refresh token, then clears the store whatever the
  /// server said, so signing out always works locally, even offline. A store that cannot
  /// be read is set aside by the store, when it can, rather than deleted.
  public func signOut() async throws(CardError) -> SignOutOutcome {
    do {
      try await client.send(.logout)
    } catch {
      // The local session ends regardless; a server that could not be told keeps a refresh
      // token that is no longer stored anywhere.
    }
    let cleared: ClearedCredential
    do { cleared = try await store.clear() } catch { throw CardError(error) }
    switch cleared {
    case .removed: return .signedOut
    case .setAside(let place): return .unreadableSessionSetAside(at: place)
    }
  }

  public func currentUser() async throws(CardError) -> SignedInUser? {
    let loaded: AuthCredential?
    do { loaded = try await store.load() } catch { throw CardError(error) }
    guard let credential = loaded else { return nil }
    do {
      return SignedInUser(userID: try UserID(credential.userID))
    } catch {
      throw .credentialStorage(reason: "the stored session names no user")
    }
  }
}
