import CardDomain

/// The port where the session's credential is kept between requests and between runs.
///
/// Implementations: the encrypted file store (Infrastructure) and `InMemoryCredentialStore`
/// (test support); `CredentialStoreSpec` in CardTestSupport checks any store against this
/// contract. What every implementation must do:
///
/// - **One exclusive lock** for ``save(_:)``, ``clear()``, ``clear(ifStill:)`` and
///   ``refreshCredential(replacing:using:)``, held across the refresh's `await`, so that a
///   sign-in or a sign-out made during a refresh is neither lost nor undone. An actor alone is
///   not enough: it lets another call in while the refresh awaits the network. `load()`
///   needs no lock: it sees the credential before or after a write, never a mix.
/// - **A wait for the lock ends when its task is cancelled**, throwing an error of kind
///   ``CredentialStoreError/Kind/unavailable`` and changing nothing.
/// - **Absent is not unreadable**: no credential loads `nil`; a store that exists but cannot
///   be read throws from `load()`, `save(_:)`, `clear(ifStill:)` and the refresh (as
///   ``CredentialRefreshError/storage(_:)``), and only ``clear()`` removes it.
/// - **The refresh runs on the caller's task**, inside the lock, and its error comes back as
///   ``CredentialRefreshError/refresh(_:)`` (a cancelled refresh as `.refresh(.cancelled)`),
///   leaving the stored credential as it was.
public protocol CredentialStore: Sendable {
  /// The stored credential, `nil` when none is stored (signed out).
  ///
  /// A store that exists but cannot be read (tampered, wrong key, unknown version) throws:
  /// it is never reported as signed out.
  func load() async throws(CredentialStoreError) -> AuthCredential?

  /// Stores the credential, replacing any other.
  func save(_ credential: AuthCredential) async throws(CredentialStoreError)

  /// Removes the stored credential (signing out), whether or not it can be read.
  func clear() async throws(CredentialStoreError)

  /// Removes the stored credential only if it is still `credential`, under the store's
  /// exclusive lock; a credential stored since (a new sign-in, another process's refresh) is
  /// kept. Returns whether it removed anything.
  ///
  /// Used when the server refuses a refresh token, to end that session and no other.
  @discardableResult
  func clear(ifStill credential: AuthCredential) async throws(CredentialStoreError) -> Bool

  /// Replaces `stale` by a refreshed credential while holding the store's exclusive lock,
  /// so that processes sharing one store never spend the same single-use refresh token twice.
  ///
  /// Inside the lock the store reads the credential again. If it is no longer `stale`
  /// (another process refreshed it already), that one is returned and `refresh` is not
  /// called. Otherwise `refresh` is called with `stale` and its result saved and returned.
  /// When the store is empty inside the lock, it throws ``CredentialRefreshError/signedOut``.
  func refreshCredential(
    replacing stale: AuthCredential,
    using refresh: @escaping @Sendable (AuthCredential) async throws(CardError) -> AuthCredential
  ) async throws(CredentialRefreshError) -> AuthCredential
}
