import CardData
import CardDomain
import CardPrimitives

/// A ``CardData/CredentialStore`` that keeps the credential in memory and records what it
/// was asked to do. It keeps the port's whole contract, as ``CredentialStoreSpec`` checks:
/// one exclusive lock for writes and refreshes, waits that end when their task is cancelled,
/// and a store made unreadable (``makeUnreadable(_:)``) that is reported, never taken for
/// signed out and never replaced implicitly.
public actor InMemoryCredentialStore: CredentialStore {
  /// The stored credential.
  public private(set) var credential: AuthCredential?
  /// How many times `refresh` was called through ``refreshCredential(replacing:using:)``.
  public private(set) var refreshCallCount = 0
  /// How many times a credential was removed, by ``clear()`` or ``clear(ifStill:)``.
  public private(set) var clearCount = 0
  /// How many credentials were stored, by ``save(_:)`` or a refresh.
  public private(set) var saveCount = 0
  /// Set while the store cannot be read: what every call then reports.
  public private(set) var unreadable: CredentialStoreError?
  /// What ``clear()`` set aside because it could not be read, oldest first.
  public private(set) var setAside: [CredentialStoreError] = []
  /// Held by writes and refreshes, as the file store's lock is; the actor alone would let a
  /// call in while a refresh awaits the network.
  private let lock = AsyncFIFOLock()

  /// Creates a store, empty or holding a credential.
  public init(credential: AuthCredential? = nil) { self.credential = credential }

  /// Makes the store unreadable, as a tampered file is: `load` and every write report
  /// `failure` until ``clear()`` removes what is stored. `nil` makes it readable again.
  public func makeUnreadable(_ failure: CredentialStoreError?) { unreadable = failure }

  /// Replaces the stored credential without the lock or a count, as another process would.
  public func replaceBehindTheScenes(with credential: AuthCredential?) {
    self.credential = credential
  }

  /// The stored credential, `nil` when none; throws while the store is unreadable.
  public func load() throws(CredentialStoreError) -> AuthCredential? {
    if let unreadable { throw unreadable }
    return credential
  }

  /// Stores the credential once the lock is free; refuses to replace an unreadable one.
  public func save(_ credential: AuthCredential) async throws(CredentialStoreError) {
    try await withLock { () throws(CredentialStoreError) in
      if let unreadable {
        throw CredentialStoreError(
          unreadable.kind, "\(unreadable.message); it is kept until it is cleared")
      }
      saveCount += 1
      self.credential = credential
    }
  }

  /// Removes the credential once the lock is free, readable or not; an unreadable one is
  /// kept in ``setAside`` for a test to inspect.
  @discardableResult
  public func clear() async throws(CredentialStoreError) -> ClearedCredential {
    try await withLock { () throws(CredentialStoreError) -> ClearedCredential in
      if credential != nil || unreadable != nil { clearCount += 1 }
      credential = nil
      guard let failure = unreadable else { return .removed }
      unreadable = nil
      setAside.append(failure)
      return .setAside(at: "memory")
    }
  }

  /// Removes the credential if it is still `credential`; an unreadable store throws.
  @discardableResult
  public func clear(ifStill credential: AuthCredential) async throws(CredentialStoreError)
    -> Bool
  {
    try await withLock { () throws(CredentialStoreError) -> Bool in
      if let unreadable { throw unreadable }
      guard self.credential == credential else { return false }
      clearCount += 1
      self.credential = nil
      return true
    }
  }

  /// Refreshes under the lock, so refreshes run one at a time, even across the actor's
  /// suspension points.
  public func refreshCredential(
    replacing stale: AuthCredential,
    using refresh: @escaping @Sendable (AuthCredential) async throws(CardError) -> AuthCredential
  ) async throws(CredentialRefreshError) -> AuthCredential {
    do {
      try await acquireLock()
    } catch {
      throw .storage(error)
    }
    defer { lock.release() }
    if let unreadable { throw .storage(unreadable) }
    guard let current = credential else { throw .signedOut }
    guard current == stale else { return current }
    refreshCallCount += 1
    do {
      let fresh = try await refresh(stale)
      credential = fresh
      saveCount += 1
      return fresh
    } catch {
      throw .refresh(error)
    }
  }

  /// Runs `body` holding the lock.
  private func withLock<Result>(
    _ body: () throws(CredentialStoreError) -> Result
  ) async throws(CredentialStoreError) -> Result {
    try await acquireLock()
    defer { lock.release() }
    return try body()
  }

  private func acquireLock() async throws(CredentialStoreError) {
    do {
      try await lock.acquire()
    } catch {
      throw CredentialStoreError(.unavailable, "cancelled while waiting for the store's lock")
    }
  }
}
