import CardData
import CardDomain
import CardPrimitives

/// A `CardData.CredentialStore` in memory that counts what it was asked to do and keeps
/// the port's whole contract, as ``CredentialStoreSpec`` checks: one exclusive lock for writes
/// and refreshes, waits that end when cancelled, and an unreadable store that is reported,
/// never taken for signed out and never replaced implicitly.
public actor InMemoryCredentialStore: CredentialStore {
  public private(set) var credential: AuthCredential?
  /// The refreshes that called `refresh`.
  public private(set) var refreshCallCount = 0
  /// The credentials removed, by ``clear()`` or ``clear(ifStill:)``.
  public private(set) var clearCount = 0
  /// What every call reports while it is set.
  public private(set) var unreadable: CredentialStoreError?
  /// What ``clear()`` set aside because it could not be read, oldest first.
  public private(set) var setAside: [CredentialStoreError] = []
  /// Held by writes and refreshes, as the file store's lock is: the actor alone would let a
  /// call in while a refresh awaits the network.
  private let lock = AsyncFIFOLock()

  public init(credential: AuthCredential? = nil) { self.credential = credential }

  /// As a tampered file is: every call but ``clear()`` reports `failure` until ``clear()``
  /// removes what is stored; `nil` makes it readable again.
  public func makeUnreadable(_ failure: CredentialStoreError?) { unreadable = failure }

  /// Without the lock or a count, as another process would.
  public func replaceBehindTheScenes(with credential: AuthCredential?) {
    self.credential = credential
  }

  public func load() throws(CredentialStoreError) -> AuthCredential? {
    if let unreadable { throw unreadable }
    return credential
  }

  public func save(_ credential: AuthCredential) async throws(CredentialStoreError) {
    try await acquireLock()
    defer { lock.release() }
    if let unreadable {
      throw CredentialStoreError(
        unreadable.kind, "\(unreadable.message); it is kept until it is cleared")
    }
    self.credential = credential
  }

  /// An unreadable credential is removed too, kept in ``setAside`` for a test to inspect.
  @discardableResult
  public func clear() async throws(CredentialStoreError) -> ClearedCredential {
    try await acquireLock()
    defer { lock.release() }
    if credential != nil || unreadable != nil { clearCount += 1 }
    credential = nil
    guard let failure = unreadable else { return .removed }
    unreadable = nil
    setAside.append(failure)
    return .setAside(at: "memory")
  }

  @discardableResult
  public func clear(ifStill credential: AuthCredential) async throws(CredentialStoreError)
    -> Bool
  {
    try await acquireLock()
    defer { lock.release() }
    if let unreadable { throw unreadable }
    guard self.credential == credential else { return false }
    clearCount += 1
    self.credential = nil
    return true
  }

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
      return fresh
    } catch {
      throw .refresh(error)
    }
  }

  private func acquireLock() async throws(CredentialStoreError) {
    do {
      try await lock.acquire()
    } catch {
      throw CredentialStoreError(.unavailable, "cancelled while waiting for the store's lock")
    }
  }
}
