import CardData
import CardPrimitives
import Foundation

// The store's own files and directories: owned by this user and closed to everyone else, and
// refused, never repaired, when they are not, by every call alike, reading as well as writing.

/// ``CardPrimitives/PrivateDirectory``'s rule, failing with a ``CardData/CredentialStoreError``.
enum StoreDirectory {
  static func ensure(_ path: String) throws(CredentialStoreError) {
    do {
      try PrivateDirectory.ensure(path)
    } catch {
      throw CredentialStoreError(error)
    }
  }

  static func check(_ path: String) throws(CredentialStoreError) -> Bool {
    do {
      return try PrivateDirectory.check(path)
    } catch {
      throw CredentialStoreError(error)
    }
  }
}

/// The file that holds the store's random 256-bit key: exactly 32 raw bytes, owner-only
/// (mode 0600, or 0400 made read-only), owned by this user, in a ``StoreDirectory``.
enum KeyFile {
  /// The key at `path`, or `nil` when there is no file. A file of the wrong size, type, owner
  /// or mode is an error, never a reason to make a new key.
  static func read(at path: String) throws(CredentialStoreError) -> AES256Key? {
    guard try StoreDirectory.check(FileSystem.split(path).directory) else { return nil }
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

  /// The key at `path`, creating a random one first when there is none, published with `link`:
  /// of two processes creating it at once, one wins and both use its key.
  static func readOrCreate(at path: String) throws(CredentialStoreError) -> AES256Key {
    removeStaleTemporaryFiles(of: path)
    if let key = try read(at: path) { return key }
    let directory = FileSystem.split(path).directory
    try StoreDirectory.ensure(directory)

    let key: AES256Key
    do {
      key = try AES256Key(bytes: SecureRandom.bytes(count: AES256Key.byteCount))
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

  /// Deletes temporary key files older than 60 s, left by a process that died; younger ones may
  /// belong to a process creating the key now.
  private static func removeStaleTemporaryFiles(of path: String) {
    let (directory, name) = FileSystem.split(path)
    let now = time(nil)
    for temporary in FileSystem.names(startingWith: name + ".new-", in: directory) {
      let candidate = directory + "/" + temporary
      var info = stat()
      guard lstat(candidate, &info) == 0, info.isRegularFile else { continue }
      if Int64(now) - Int64(info.modificationSeconds) > 60 { unlink(candidate) }
    }
  }
}

extension stat {
  /// Throws unless this user owns the file and none of the `forbidden` permission bits is set.
  func requireOwnedByThisUser(
    _ subject: String, forbidding forbidden: mode_t, _ problem: String, _ advice: String
  ) throws(CredentialStoreError) {
    guard st_uid == geteuid() else {
      throw CredentialStoreError(.unavailable, "\(subject) belongs to another user")
    }
    guard permissions & forbidden == 0 else {
      throw CredentialStoreError(
        .unavailable, "\(subject) is \(problem) (mode 0\(String(permissions, radix: 8))); \(advice)"
      )
    }
  }
}

extension CredentialStoreError {
  init(_ error: FileError) { self.init(.unavailable, error.description) }

  init(_ error: PrivateDirectoryError) { self.init(.unavailable, error.description) }
}
