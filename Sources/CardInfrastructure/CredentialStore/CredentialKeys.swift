import CardData
import CardPrimitives
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the key that opens a sealed file, and the key and header for the next write.
///
/// For a passphrase it keeps the last derived key with its salt and iteration count, so that
/// PBKDF2 (deliberately slow) runs once per file rather than once per operation: later writes
/// reuse the file's salt, and reads derive again only when another process wrote a new salt.
struct CredentialKeyring {
  private struct DerivedKey {
    var iterations: UInt32
    var salt: [UInt8]
    var key: AES256Key
  }

  private let source: EncryptedFileCredentialStore.KeySource
  private let acceptedIterations: ClosedRange<UInt32>
  private var lastDerived: DerivedKey?

  init(source: EncryptedFileCredentialStore.KeySource, minimumIterations: UInt32) {
    self.source = source
    acceptedIterations =
      minimumIterations...EncryptedFileCredentialStore.KeySource.maximumPassphraseIterations
  }

  /// Never creates a key file: a sealed file whose key file is missing cannot be opened. An
  /// iteration count outside the accepted range is refused before any derivation, so that a
  /// forged header cannot make a load run for hours.
  mutating func keyForOpening(
    _ header: SealedCredentialHeader
  ) throws(CredentialStoreError) -> AES256Key {
    switch (header.keySource, source.storage) {
    case (.keyFile, .keyFile(let url)):
      guard let key = try KeyFile.read(at: url.path) else {
        throw CredentialStoreError(
          .corrupted, "the sealed credential cannot be opened: its key file \(url.path) is missing")
      }
      return key
    case (.passphrase(let iterations, let salt), .passphrase(let passphrase, _)):
      guard acceptedIterations.contains(iterations) else {
        throw CredentialStoreError(
          .unsupportedFormat,
          "the sealed credential asks for \(iterations) PBKDF2 iterations; this store accepts "
            + "\(acceptedIterations.lowerBound)...\(acceptedIterations.upperBound)")
      }
      return try derive(passphrase, iterations: iterations, salt: salt)
    case (.keyFile, .passphrase), (.passphrase, .keyFile):
      let (sealed, used) =
        header.keySource == .keyFile
        ? ("a key file", "a passphrase") : ("a passphrase", "a key file")
      throw CredentialStoreError(
        .corrupted, "the sealed credential was sealed with \(sealed), but this store uses \(used)")
    }
  }

  /// Creates the key file on first use.
  mutating func keyForSealing() throws(CredentialStoreError) -> (SealedCredentialHeader, AES256Key)
  {
    switch source.storage {
    case .keyFile(let url):
      return (SealedCredentialHeader(keySource: .keyFile), try KeyFile.readOrCreate(at: url.path))
    case .passphrase(let passphrase, let iterations):
      let salt: [UInt8]
      if let lastDerived, lastDerived.iterations == iterations {
        salt = lastDerived.salt
      } else {
        do {
          salt = try SecureRandom.bytes(count: SealedCredentialHeader.saltByteCount)
        } catch {
          throw CredentialStoreError(.unavailable, "could not make a salt: \(error)")
        }
      }
      let key = try derive(passphrase, iterations: iterations, salt: salt)
      return (
        SealedCredentialHeader(keySource: .passphrase(iterations: iterations, salt: salt)), key
      )
    }
  }

  /// Drops the derived key, so that the next file gets a new salt.
  mutating func forgetDerivedKey() { lastDerived = nil }

  private mutating func derive(
    _ passphrase: PassphraseBytes, iterations: UInt32, salt: [UInt8]
  ) throws(CredentialStoreError) -> AES256Key {
    if let lastDerived, lastDerived.iterations == iterations, lastDerived.salt == salt {
      return lastDerived.key
    }
    do {
      let bytes = try PBKDF2.sha256(
        password: passphrase.bytes, salt: salt, iterations: iterations,
        byteCount: AES256Key.byteCount)
      let key = try AES256Key(bytes: bytes)
      lastDerived = DerivedKey(iterations: iterations, salt: salt, key: key)
      return key
    } catch {
      throw CredentialStoreError(.unavailable, "could not derive the key: \(error)")
    }
  }
}

/// The file that holds the store's random 256-bit key: exactly 32 raw bytes, owner-only
/// (mode 0600, or 0400 made read-only), owned by this user, in a directory of mode 0700.
enum KeyFile {
  /// How old a temporary key file must be before ``readOrCreate(at:)`` deletes it.
  static let temporaryFileLifetime: Duration = .seconds(60)

  /// The key at `path`, or `nil` when there is no file. A file of the wrong size, type,
  /// owner or mode is an error, never a reason to make a new key.
  static func read(at path: String) throws(CredentialStoreError) -> AES256Key? {
    let info: stat
    let bytes: [UInt8]?
    do {
      guard let file = try PosixFile.openForReadingIfPresent(path) else { return nil }
      defer { file.closeIgnoringErrors() }
      info = try file.status()
      bytes = info.isRegularFile ? try file.readAll(limit: AES256Key.byteCount) : nil
    } catch {
      throw CredentialStoreError(error)
    }
    guard info.isRegularFile else {
      throw CredentialStoreError(.unavailable, "the key file \(path) is not a regular file")
    }
    try info.requireOwnedByThisUser(
      "the key file \(path)", forbidding: 0o077, "accessible to group or others",
      "it must be owner-only, such as 0600")
    guard let bytes, let key = try? AES256Key(bytes: bytes) else {
      let size = bytes.map { "\($0.count) bytes" } ?? "more than \(AES256Key.byteCount) bytes"
      throw CredentialStoreError(
        .corrupted,
        "the key file \(path) holds \(size); a key file holds exactly \(AES256Key.byteCount)")
    }
    return key
  }

  /// The key at `path`, creating a random one first when there is none.
  ///
  /// The new key is written to a temporary file `<path>.new-<random>` and published with
  /// `link`, which fails when the name exists: of two processes creating the key at once, one
  /// wins and both use its key.
  static func readOrCreate(at path: String) throws(CredentialStoreError) -> AES256Key {
    removeStaleTemporaryFiles(of: path)
    if let key = try read(at: path) { return key }
    let directory = FileSystem.split(path).directory
    try PrivateDirectory.ensure(directory)

    let key: AES256Key
    do {
      key = try AES256Key.random()
    } catch {
      throw CredentialStoreError(.unavailable, "could not create a key: \(error)")
    }
    let temporary = path + ".new-" + FileSystem.randomSuffix()
    let published: Bool
    do throws(FileError) {
      try AtomicFile.createSynced(temporary, with: key.bytes)
      defer { unlink(temporary) }
      published = link(temporary, path) == 0
      guard published || errno == EEXIST else { throw FileError("link", path) }
      if published { try FileSystem.synchronizeDirectory(directory) }
    } catch {
      throw CredentialStoreError(error)
    }
    if published { return key }
    guard let existing = try read(at: path) else {
      throw CredentialStoreError(.unavailable, "the key file \(path) vanished while created")
    }
    return existing
  }

  /// A process that died between creating a temporary key file and unlinking it (even after
  /// publishing it) leaves a copy of a key behind. Younger ones may belong to a process
  /// creating the key right now (stores with different lock files may share a key file).
  private static func removeStaleTemporaryFiles(of path: String) {
    let (directory, name) = FileSystem.split(path)
    let now = time(nil)
    let lifetime = temporaryFileLifetime.components.seconds
    for temporary in FileSystem.names(startingWith: name + ".new-", in: directory) {
      let candidate = directory + "/" + temporary
      var info = stat()
      guard lstat(candidate, &info) == 0, info.isRegularFile else { continue }
      if Int64(now) - Int64(info.modificationSeconds) > lifetime { unlink(candidate) }
    }
  }
}
