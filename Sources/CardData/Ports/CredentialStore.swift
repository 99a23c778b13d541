import CardDomain

/// The port where the session's credential is kept between requests and between runs.
///
/// Implementations: the encrypted file store (Infrastructure) and `InMemoryCredentialStore`
/// (test support).
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
