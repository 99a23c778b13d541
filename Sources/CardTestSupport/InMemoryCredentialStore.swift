import CardData
import CardDomain

/// A ``CardData/CredentialStore`` that keeps the credential in memory and records what it
/// was asked to do. Failures can be scripted to test how callers handle a broken store.
public actor InMemoryCredentialStore: CredentialStore {
  /// The stored credential.
  public private(set) var credential: AuthCredential?
  /// How many times `refresh` was called through ``refreshCredential(replacing:using:)``.
  public private(set) var refreshCallCount = 0
  /// How many times ``clear()`` was called.
  public private(set) var clearCount = 0
  /// How many times ``save(_:)`` was called.
  public private(set) var saveCount = 0
  /// When set, ``load()`` throws it.
  public var loadFailure: CredentialStoreError?
  /// Ends when the current holder of the lock releases it.
  private var lockHolder: Task<Void, Never>?

  /// Creates a store, empty or holding a credential.
  public init(credential: AuthCredential? = nil) { self.credential = credential }

  /// Sets or clears the scripted load failure.
  public func setLoadFailure(_ failure: CredentialStoreError?) { loadFailure = failure }

  /// Replaces the stored credential without counting a save, as another process would.
  public func replaceBehindTheScenes(with credential: AuthCredential?) {
    self.credential = credential
  }

  /// The stored credential, or the scripted failure.
  public func load() throws(CredentialStoreError) -> AuthCredential? {
    if let loadFailure { throw loadFailure }
    return credential
  }

  /// Stores the credential, waiting for a refresh in progress as the file store's lock does.
  public func save(_ credential: AuthCredential) async {
    await withLock {
      saveCount += 1
      self.credential = credential
    }
  }

  /// Removes the credential, waiting for a refresh in progress.
  public func clear() async {
    await withLock {
      clearCount += 1
      credential = nil
    }
  }

  /// Removes the credential if it is still `credential`.
  @discardableResult
  public func clear(ifStill credential: AuthCredential) async -> Bool {
    await withLock {
      guard self.credential == credential else { return false }
      clearCount += 1
      self.credential = nil
      return true
    }
  }

  /// Refreshes while holding an in-memory lock, so refreshes run one at a time as they do
  /// under the file store's lock, even across the actor's suspension points.
  public func refreshCredential(
    replacing stale: AuthCredential,
    using refresh: @escaping @Sendable (AuthCredential) async throws(CardError) -> AuthCredential
  ) async throws(CredentialRefreshError) -> AuthCredential {
    let release = await acquireLock()
    defer { release.finish() }

    if let loadFailure { throw .storage(loadFailure) }
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

  /// Runs `body` holding the in-memory lock.
  private func withLock<Result>(_ body: () -> Result) async -> Result {
    let release = await acquireLock()
    defer { release.finish() }
    return body()
  }

  /// Waits for the previous holder, in arrival order; finishing the returned continuation
  /// releases the lock.
  private func acquireLock() async -> AsyncStream<Never>.Continuation {
    let previousHolder = lockHolder
    let (released, release) = AsyncStream<Never>.makeStream()
    lockHolder = Task { for await _ in released {} }
    await previousHolder?.value
    return release
  }
}
