import CardData
import CardDomain
import CardPrimitives
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ``CardData/CredentialStore`` that keeps the credential in one AES-256-GCM sealed file,
/// shared safely by several processes.
///
/// - **Format**: a versioned, authenticated header, a random nonce per write, the ciphertext
///   of the credential's JSON and the tag (layout in Architecture.md, section
///   "Infrastructure: the encrypted credential store").
/// - **Keys**: a random key in a key file of its own (the default), or a passphrase
///   stretched with PBKDF2-HMAC-SHA256 (see ``KeySource``).
/// - **Writes** replace the file atomically (temporary file, `fsync`, `rename`, `fsync` of
///   the directory) under an exclusive `flock` on a separate lock file, taken by every
///   process, and under an in-process FIFO lock, because the actor is reentrant across the
///   awaits of a refresh. A call waits for both locks at most
///   ``Configuration/lockTimeout`` and stops waiting when its task is cancelled. Files are
///   created with mode 0600, directories with 0700.
/// - **Reads** take no lock: a reader sees the old or the new file, never a mix. No file
///   means signed out (`nil`); a file that cannot be opened is an error, never `nil`.
/// - **A file that cannot be opened is never overwritten or deleted implicitly.** ``save(_:)``
///   and ``refreshCredential(replacing:using:)`` refuse to replace it;
///   ``quarantineCorruptFile()`` moves it aside and ``clear()`` deletes it, both on request.
public actor EncryptedFileCredentialStore: CredentialStore {
  /// Where and how the store keeps the credential.
  public nonisolated let configuration: Configuration

  private let directoryPath: String
  private let sealedPath: String
  private let lockPath: String
  private let codec = SealedCredentialCodec(cipher: AESGCM.platformCipher)
  private var keyring: CredentialKeyring
  private let turn: AsyncFIFOLock

  /// Creates a store; it touches no file until it is used.
  ///
  /// Throws for a configuration it would not keep a credential with: a name that is not a
  /// plain file name, an empty passphrase, or a passphrase iteration count outside
  /// ``KeySource/minimumPassphraseIterations``...``KeySource/maximumPassphraseIterations``.
  /// The message of such an error starts with `invalid configuration:`.
  public init(configuration: Configuration) throws(CredentialStoreError) {
    try self.init(
      configuration: configuration,
      minimumIterationsForTesting: KeySource.minimumPassphraseIterations)
  }

  /// Creates a store that accepts as few as `minimumIterationsForTesting` PBKDF2 iterations,
  /// so that tests do not spend seconds deriving keys. Not for production use.
  ///
  /// `callQueued` is a test seam: it is called each time a call that takes the store's lock
  /// (every one but ``load()``) finds another call of this store holding the in-process lock
  /// and queues behind it, so that a test can act once calls are waiting instead of sleeping
  /// until they probably are.
  package init(
    configuration: Configuration, minimumIterationsForTesting minimumIterations: UInt32,
    callQueued: (@Sendable () -> Void)? = nil
  ) throws(CredentialStoreError) {
    turn = AsyncFIFOLock(waiterQueued: callQueued)
    let minimumIterations = max(minimumIterations, 1)
    try configuration.validate(minimumIterations: minimumIterations)
    self.configuration = configuration
    self.directoryPath = configuration.directory.path
    self.sealedPath = configuration.sealedFileURL.path
    self.lockPath = configuration.lockFileURL.path
    self.keyring = CredentialKeyring(
      source: configuration.keySource, minimumIterations: minimumIterations)
  }

  /// The stored credential, or `nil` when there is no sealed file.
  ///
  /// Throws ``CardData/CredentialStoreError/Kind/corrupted`` for a file that fails to
  /// authenticate (tampered, truncated, wrong key or passphrase, missing key file),
  /// ``CardData/CredentialStoreError/Kind/unsupportedFormat`` for an unknown version or key
  /// source, and ``CardData/CredentialStoreError/Kind/unavailable`` for I/O and permission
  /// failures. The file is left exactly as it is.
  public func load() throws(CredentialStoreError) -> AuthCredential? {
    try readCredential()
  }

  /// Seals `credential` into the file, replacing the one there.
  ///
  /// Refuses (with the error that opening it gives) when a file exists that cannot be
  /// opened: call ``quarantineCorruptFile()`` or ``clear()`` first.
  public func save(_ credential: AuthCredential) async throws(CredentialStoreError) {
    let lock = try await lockStore()
    defer { unlockStore(lock) }
    try requireReplaceable()
    try write(credential)
  }

  /// Deletes the sealed file (signing out), whether or not it can be opened. The key file
  /// and quarantined files stay.
  public func clear() async throws(CredentialStoreError) {
    guard PrivateDirectory.exists(directoryPath) else { return }
    let lock = try await lockStore()
    defer { unlockStore(lock) }
    if unlink(sealedPath) != 0 {
      guard errno == ENOENT else { throw PosixFile.failure("unlink", sealedPath, errno: errno) }
      return
    }
    try PrivateDirectory.synchronize(directoryPath)
    keyring.forgetDerivedKey()
  }

  /// Moves a sealed file that cannot be opened aside, to
  /// ``Configuration/quarantineFileURL`` (or that name followed by `.1`, `.2`, … when taken),
  /// so that the next ``save(_:)`` may write a new one. Returns where it went.
  ///
  /// Returns `nil` and moves nothing when there is no file or the file opens. Throws, moving
  /// nothing, when the file cannot be read at all
  /// (``CardData/CredentialStoreError/Kind/unavailable``, such as a key file with wrong
  /// permissions): that is not a fault of the file.
  @discardableResult
  public func quarantineCorruptFile() async throws(CredentialStoreError) -> URL? {
    guard PrivateDirectory.exists(directoryPath) else { return nil }
    let lock = try await lockStore()
    defer { unlockStore(lock) }
    do {
      _ = try readCredential()
      return nil
    } catch {
      guard error.kind != .unavailable else { throw error }
      let destination = try freeQuarantinePath()
      guard rename(sealedPath, destination) == 0 else {
        throw PosixFile.failure("rename", "\(sealedPath) to \(destination)", errno: errno)
      }
      try PrivateDirectory.synchronize(directoryPath)
      keyring.forgetDerivedKey()
      return URL(fileURLWithPath: destination)
    }
  }

  /// Removes the sealed file under the lock only if it still holds `credential`; returns
  /// whether it removed it.
  ///
  /// A different credential (a new sign-in, another process's refresh) and an absent file
  /// are kept and give `false`. A file that cannot be opened is neither `credential` nor
  /// proof that it is gone: the call throws the error that opening it gives and leaves the
  /// file as it is (``clear()`` deletes it on request).
  @discardableResult
  public func clear(ifStill credential: AuthCredential) async throws(CredentialStoreError) -> Bool {
    guard PrivateDirectory.exists(directoryPath) else { return false }
    let lock = try await lockStore()
    defer { unlockStore(lock) }
    guard try readCredential() == credential else { return false }
    if unlink(sealedPath) != 0 {
      guard errno == ENOENT else { throw PosixFile.failure("unlink", sealedPath, errno: errno) }
      return false
    }
    try PrivateDirectory.synchronize(directoryPath)
    keyring.forgetDerivedKey()
    return true
  }

  /// Replaces `stale` with a refreshed credential under the exclusive lock, so that the
  /// processes sharing this file spend each single-use refresh token once.
  ///
  /// Inside the lock the file is read again: a credential other than `stale` (another process
  /// refreshed it) is returned without calling `refresh`; no file throws
  /// ``CardData/CredentialRefreshError/signedOut``; a file that cannot be opened throws
  /// ``CardData/CredentialRefreshError/storage(_:)`` without calling `refresh`. Otherwise
  /// `refresh` runs with `stale` while the lock is held, and its result is saved and returned.
  /// When `refresh` fails, the stored credential stays as it was. When saving fails after a
  /// successful refresh, the new tokens are lost and the error is thrown.
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

    let fresh: AuthCredential
    do { fresh = try await refresh(stale) } catch { throw .refresh(error) }
    do { try write(fresh) } catch { throw .storage(error) }
    return fresh
  }

  // MARK: - Steps

  /// Waits for this process's other calls on the store (in-process FIFO lock), creates or
  /// checks the directory, and takes the cross-process lock, all before one deadline of
  /// ``Configuration/lockTimeout``. Pair with ``unlockStore(_:)``.
  private func lockStore() async throws(CredentialStoreError) -> FileLock {
    let timeout = configuration.lockTimeout
    let deadline = ContinuousClock.now + timeout
    do {
      try await turn.acquire(before: deadline)
    } catch {
      let waited = "waiting for another call on the store at \(directoryPath) in this process"
      switch error {
      case .cancelled:
        throw CredentialStoreError(.unavailable, "cancelled while \(waited) to finish")
      case .timedOut:
        throw CredentialStoreError(.unavailable, "timed out after \(timeout) \(waited) to finish")
      }
    }
    do {
      try PrivateDirectory.ensure(directoryPath)
      return try await FileLock.acquire(path: lockPath, before: deadline, timeout: timeout)
    } catch {
      turn.release()
      throw error
    }
  }

  /// Releases both locks that ``lockStore()`` took.
  private func unlockStore(_ lock: FileLock) {
    lock.release()
    turn.release()
  }

  private func readCredential() throws(CredentialStoreError) -> AuthCredential? {
    guard let file = try PosixFile.openForReadingIfPresent(sealedPath) else { return nil }
    defer { file.closeIgnoringErrors() }
    guard try file.status().isRegularFile else {
      throw CredentialStoreError(.unavailable, "\(sealedPath) is not a regular file")
    }
    guard let bytes = try file.readAll(limit: SealedCredentialCodec.maximumFileSize) else {
      throw CredentialStoreError(
        .corrupted, "\(sealedPath) is larger than any sealed credential")
    }
    let parts = try codec.split(bytes)
    let key = try keyring.keyForOpening(parts.header)
    return try codec.open(parts, key: key)
  }

  /// Throws when a sealed file exists that cannot be opened. Called under the lock.
  private func requireReplaceable() throws(CredentialStoreError) {
    do {
      _ = try readCredential()
    } catch {
      throw CredentialStoreError(
        error.kind,
        "\(error.message); it is kept untouched until it is set aside or cleared")
    }
  }

  /// Seals and atomically writes `credential`. Called under the lock.
  private func write(_ credential: AuthCredential) throws(CredentialStoreError) {
    let (header, key) = try keyring.keyForSealing()
    let bytes = try codec.seal(credential, header: header, key: key)
    AtomicFileWriter.removeLeftovers(of: configuration.sealedFileName, in: directoryPath)
    try AtomicFileWriter.replace(configuration.sealedFileName, in: directoryPath, with: bytes)
  }

  /// The first quarantine name that is not taken. Called under the lock.
  private func freeQuarantinePath() throws(CredentialStoreError) -> String {
    let base = configuration.quarantineFileURL.path
    for index in 0..<1000 {
      let candidate = index == 0 ? base : "\(base).\(index)"
      var info = stat()
      if lstat(candidate, &info) != 0 && errno == ENOENT { return candidate }
    }
    throw CredentialStoreError(.unavailable, "too many quarantined files next to \(sealedPath)")
  }
}
