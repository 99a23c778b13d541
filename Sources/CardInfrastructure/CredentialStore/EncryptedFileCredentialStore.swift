import CardData
import CardDomain
import CardPrimitives
import Foundation

/// A `CardData.CredentialStore` that keeps the credential in one AES-256-GCM sealed file,
/// shared safely by several processes (format, locking and failures: docs/credential-store.md).
/// Writes replace the file atomically under a `flock` taken by every process and under an
/// in-process FIFO lock (the actor is reentrant across a refresh's awaits). A file that cannot
/// be opened is never overwritten or deleted implicitly: ``clear()`` sets it aside.
public actor EncryptedFileCredentialStore: CredentialStore {
  public nonisolated let configuration: Configuration

  private let directoryPath: String
  private let sealedPath: String
  private let lockPath: String
  private let codec: SealedCredentialCodec
  private var keyring: CredentialKeyring
  private let turn: AsyncFIFOLock
  /// The credential read last and the version of the sealed file it came from.
  private var lastRead: (version: FileVersion, credential: AuthCredential)?

  /// Throws `CardData.CredentialStoreError.Kind.invalidConfiguration` for a configuration
  /// it would not keep a credential with. No file is touched until the store is used.
  public init(configuration: Configuration) throws(CredentialStoreError) {
    try self.init(
      configuration: configuration,
      minimumIterationsForTesting: KeySource.minimumPassphraseIterations)
  }

  /// A store for tests: it accepts as few as `minimumIterations` PBKDF2 iterations and seals
  /// with `cipher`; `callQueued` runs each time a call queues behind another in this process.
  package init(
    configuration: Configuration, minimumIterationsForTesting minimumIterations: UInt32,
    cipher: any AESGCMCipher = AESGCM.platformCipher,
    callQueued: (@Sendable () -> Void)? = nil
  ) throws(CredentialStoreError) {
    let minimumIterations = max(minimumIterations, 1)
    try configuration.validate(minimumIterations: minimumIterations)
    self.configuration = configuration
    directoryPath = configuration.directory.path
    sealedPath = configuration.sealedFileURL.path
    lockPath = configuration.lockFileURL.path
    codec = SealedCredentialCodec(cipher: cipher)
    keyring = CredentialKeyring(
      source: configuration.keySource, minimumIterations: minimumIterations)
    turn = AsyncFIFOLock(waiterQueued: callQueued)
  }

  /// The stored credential, or `nil` when there is no sealed file; a file that cannot be
  /// opened throws and is left as it is. Only a file changed since the last read is decrypted.
  public func load() async throws(CredentialStoreError) -> AuthCredential? {
    try readCredential()
  }

  /// Why the key file cannot be used (which a ``clear()`` does not mend), or `nil` when it can,
  /// is missing, or the key comes from a passphrase.
  package nonisolated func keyFileProblem() -> CredentialStoreError? {
    guard let url = configuration.keySource.keyFileURL else { return nil }
    do {
      _ = try KeyFile.read(at: url.path)
      return nil
    } catch {
      return error
    }
  }

  /// Refuses when a file exists that cannot be opened: ``clear()`` sets it aside first.
  public func save(_ credential: AuthCredential) async throws(CredentialStoreError) {
    let lock = try await lockStore()
    defer { unlockStore(lock) }
    try requireReplaceable()
    try write(credential, sealing: keyring.keyForSealing())
  }

  /// Signs out: deletes a sealed file that opens and moves one that does not aside, so that
  /// the next ``save(_:)`` may write a new one; one that cannot be moved is deleted.
  @discardableResult
  public func clear() async throws(CredentialStoreError) -> ClearedCredential {
    guard try StoreDirectory.check(directoryPath) else { return .removed }
    let lock = try await lockStore()
    defer { unlockStore(lock) }
    let readable = (try? requireReplaceable()) != nil
    forgetReads()
    if !readable, let destination = setAside() { return .setAside(at: destination) }
    try remove()
    return .removed
  }

  /// Removes the sealed file under the lock only if it still holds `credential`; returns
  /// whether it did. A file that cannot be opened throws.
  @discardableResult
  public func clear(ifStill credential: AuthCredential) async throws(CredentialStoreError) -> Bool {
    guard try StoreDirectory.check(directoryPath) else { return false }
    let lock = try await lockStore()
    defer { unlockStore(lock) }
    guard try readCredential() == credential else { return false }
    forgetReads()
    return try remove()
  }

  /// Replaces `stale` with a refreshed credential under the exclusive lock, so that the
  /// processes sharing this file spend each single-use refresh token once: inside the lock the
  /// file is read again, and a credential other than `stale` is returned without refreshing.
  /// The sealing key is had before the token is spent, so a missing key fails the call first.
  public func refreshCredential(
    replacing stale: AuthCredential,
    using refresh: @escaping @Sendable (AuthCredential) async throws(CardError) -> AuthCredential
  ) async throws(CredentialRefreshError) -> AuthCredential {
    let lock: FileLock
    do { lock = try await lockStore() } catch { throw .storage(error) }
    defer { unlockStore(lock) }

    let current: AuthCredential?
    do { current = try readCredential() } catch { throw .storage(error) }
    guard let current else { throw .signedOut }
    guard current == stale else { return current }

    let sealing: Sealing
    do { sealing = try keyring.keyForSealing() } catch { throw .storage(error) }
    let fresh: AuthCredential
    do { fresh = try await refresh(stale) } catch { throw .refresh(error) }
    do { try write(fresh, sealing: sealing) } catch { throw .storage(error) }
    return fresh
  }

  /// Takes the in-process lock, creates or checks the directory, and takes the file lock, all
  /// before one deadline of ``Configuration/lockTimeout``. Pair with ``unlockStore(_:)``.
  private func lockStore() async throws(CredentialStoreError) -> FileLock {
    let deadline = ContinuousClock.now + configuration.lockTimeout
    do {
      try await turn.acquire(before: deadline)
    } catch {
      throw gaveUp(
        cancelled: error == .cancelled,
        "waiting for another call on the store at \(directoryPath) in this process to finish")
    }
    do {
      try StoreDirectory.ensure(directoryPath)
    } catch {
      turn.release()
      throw error
    }
    do {
      return try await FileLock.acquire(path: lockPath, before: deadline)
    } catch {
      turn.release()
      if case .system(let failure) = error { throw CredentialStoreError(failure) }
      throw gaveUp(cancelled: error == .cancelled, "waiting for the lock on \(lockPath)")
    }
  }

  private func gaveUp(cancelled: Bool, _ waiting: String) -> CredentialStoreError {
    let how = cancelled ? "cancelled while" : "timed out after \(configuration.lockTimeout)"
    return CredentialStoreError(.unavailable, "\(how) \(waiting)")
  }

  private func unlockStore(_ lock: FileLock) {
    lock.release()
    turn.release()
  }

  private func readCredential() throws(CredentialStoreError) -> AuthCredential? {
    guard try StoreDirectory.check(directoryPath) else { return nil }
    if let lastRead, lastRead.version.isCurrent(at: sealedPath) { return lastRead.credential }
    lastRead = nil
    let opened: FileVersion?
    do { opened = try FileVersion.open(sealedPath) } catch { throw CredentialStoreError(error) }
    guard let version = opened else { return nil }
    // A regular file of this user's that no one else may write (it opens only with the key).
    guard version.status.isRegularFile else {
      throw CredentialStoreError(.unavailable, "\(sealedPath) is not a regular file")
    }
    try version.status.requireOwnedByThisUser(
      "the sealed credential \(sealedPath)", forbidding: 0o022, "writable by other users",
      "make it 0600")
    let bytes: [UInt8]?
    do {
      bytes = try version.file.readAll(limit: SealedCredentialCodec.maximumFileByteCount)
    } catch {
      throw CredentialStoreError(error)
    }
    guard let bytes else {
      throw CredentialStoreError(.corrupted, "\(sealedPath) is larger than any sealed credential")
    }
    let credential = try codec.open(bytes) { header throws(CredentialStoreError) in
      try keyring.keyForOpening(header)
    }
    lastRead = (version, credential)
    return credential
  }

  /// Throws when a sealed file exists that cannot be opened. Called under the lock.
  private func requireReplaceable() throws(CredentialStoreError) {
    do {
      _ = try readCredential()
    } catch {
      throw CredentialStoreError(
        error.kind, "\(error.message); it is kept untouched until it is set aside or cleared")
    }
  }

  private typealias Sealing = (header: SealedCredentialHeader, key: AES256Key)

  private func write(_ credential: AuthCredential, sealing: Sealing) throws(CredentialStoreError) {
    let bytes = try codec.seal(credential, header: sealing.header, key: sealing.key)
    lastRead = nil
    do { try AtomicFile.replace(sealedPath, with: bytes) } catch {
      throw CredentialStoreError(error)
    }
  }

  /// The next file gets a new salt.
  private func forgetReads() {
    lastRead = nil
    keyring.forgetDerivedKey()
  }

  /// Deletes the sealed file under the lock; returns whether there was one.
  @discardableResult
  private func remove() throws(CredentialStoreError) -> Bool {
    guard unlink(sealedPath) == 0 else {
      guard errno == ENOENT else { throw CredentialStoreError(FileError("unlink", sealedPath)) }
      return false
    }
    do { try FileSystem.synchronizeDirectory(directoryPath) } catch {
      throw CredentialStoreError(error)
    }
    return true
  }

  /// Moves the sealed file to the first free quarantine name; `nil` when it could not be moved.
  private func setAside() -> String? {
    let base = configuration.quarantineFileURL.path
    for index in 0..<1000 {
      let candidate = index == 0 ? base : "\(base).\(index)"
      guard !FileSystem.exists(candidate) else { continue }
      guard rename(sealedPath, candidate) == 0 else { return nil }
      try? FileSystem.synchronizeDirectory(directoryPath)
      return candidate
    }
    return nil
  }
}
