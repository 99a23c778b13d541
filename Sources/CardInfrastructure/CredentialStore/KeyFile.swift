import CardData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file that holds the store's random 256-bit key: exactly 32 raw bytes, created with
/// mode 0600 and owned by this user, in a directory of mode 0700.
enum KeyFile {
  /// The key at `path`, or `nil` when there is no file. A file of the wrong size, type or
  /// owner is an error, never a reason to make a new key; so is a file with any group or
  /// other permission bit: the key must be owner-only (0600, or 0400 made read-only).
  static func read(at path: String) throws(CredentialStoreError) -> AES256Key? {
    guard let file = try PosixFile.openForReadingIfPresent(path) else { return nil }
    defer { file.closeIgnoringErrors() }
    let info = try file.status()
    guard info.isRegularFile else {
      throw CredentialStoreError(.unavailable, "the key file \(path) is not a regular file")
    }
    guard info.st_uid == geteuid() else {
      throw CredentialStoreError(.unavailable, "the key file \(path) belongs to another user")
    }
    guard info.permissions & 0o077 == 0 else {
      let mode = String(info.permissions, radix: 8)
      throw CredentialStoreError(
        .unavailable,
        "the key file \(path) is accessible to group or others (mode 0\(mode)); it must be "
          + "owner-only, such as 0600")
    }
    let bytes = try file.readAll(limit: AES256Key.byteCount)
    guard let bytes, bytes.count == AES256Key.byteCount else {
      let size = bytes.map { "\($0.count) bytes" } ?? "more than \(AES256Key.byteCount) bytes"
      throw CredentialStoreError(
        .corrupted,
        "the key file \(path) holds \(size); a key file holds exactly \(AES256Key.byteCount)")
    }
    do {
      return try AES256Key(bytes: bytes)
    } catch {
      throw CredentialStoreError(.corrupted, "the key file \(path) is unusable: \(error)")
    }
  }

  /// How old a temporary key file must be before ``readOrCreate(at:)`` deletes it.
  static let temporaryFileLifetime: Duration = .seconds(60)

  /// The key at `path`, creating a random one first when there is none.
  ///
  /// The new key is written to a temporary file `<path>.new-<random>` (mode 0600, synced)
  /// and published with `link`, which fails when the name exists: of two processes creating
  /// the key at once, one wins and both use its key. The key's directory is created with
  /// mode 0700. Temporary key files older than ``temporaryFileLifetime`` are removed first.
  static func readOrCreate(at path: String) throws(CredentialStoreError) -> AES256Key {
    removeStaleTemporaryFiles(of: path)
    if let key = try read(at: path) { return key }
    let directory = PrivateDirectory.parentPath(of: path)
    try PrivateDirectory.ensure(directory)

    let key: AES256Key
    do {
      key = try AES256Key.random()
    } catch {
      throw CredentialStoreError(.unavailable, "could not create a key: \(error)")
    }
    let temporary = temporaryPrefix(of: path) + (try TemporaryName.randomSuffix())
    let file = try PosixFile(
      opening: temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
    defer { unlink(temporary) }
    do {
      try file.setPermissions(0o600)
      try file.writeAll(key.bytes)
      try file.synchronize()
    } catch {
      file.closeIgnoringErrors()
      throw error
    }
    try file.close()

    guard link(temporary, path) == 0 else {
      guard errno == EEXIST else { throw PosixFile.failure("link", path, errno: errno) }
      guard let existing = try read(at: path) else {
        throw CredentialStoreError(.unavailable, "the key file \(path) vanished while created")
      }
      return existing
    }
    try PrivateDirectory.synchronize(directory)
    return key
  }

  /// Removes temporary key files of `path` older than ``temporaryFileLifetime``: a process
  /// that died after creating one and before unlinking it (even after publishing it with
  /// `link`) leaves a copy of a key behind. Younger ones may belong to a process creating the
  /// key right now (stores with different lock files may share a key file), so they stay.
  private static func removeStaleTemporaryFiles(of path: String) {
    let directory = PrivateDirectory.parentPath(of: path)
    let fileName = path.split(separator: "/").last.map(String.init) ?? path
    let prefix = temporaryPrefix(of: fileName)
    let now = time(nil)
    let lifetime = temporaryFileLifetime.components.seconds
    for name in DirectoryNames.starting(with: prefix, in: directory) {
      let candidate = directory + "/" + name
      var info = stat()
      guard lstat(candidate, &info) == 0, info.isRegularFile else { continue }
      if Int64(now) - Int64(info.modificationSeconds) > lifetime { unlink(candidate) }
    }
  }

  /// The start of the temporary key files of `path` (a path or a file name).
  private static func temporaryPrefix(of path: String) -> String { path + ".new-" }
}
