import CardData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file so that a reader sees either the old or the new contents, never a mix,
/// and the new contents survive a crash once the call returns.
///
/// Steps: create a temporary file in the same directory (mode 0600, `O_EXCL`), write, `fsync`,
/// close, `rename` over the target, `fsync` the directory. On failure the temporary file is
/// removed and the target is untouched. Callers hold the store's lock, so no two writers
/// share a directory at once.
enum AtomicFileWriter {
  /// Atomically replaces `directory/name` with `bytes`, leaving it with mode 0600.
  static func replace(
    _ name: String, in directory: String, with bytes: [UInt8]
  ) throws(CredentialStoreError) {
    let target = directory + "/" + name
    let temporary = try temporaryPath(for: name, in: directory)
    let file = try PosixFile(
      opening: temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
    do {
      try file.setPermissions(0o600)
      try file.writeAll(bytes)
      try file.synchronize()
    } catch {
      file.closeIgnoringErrors()
      unlink(temporary)
      throw error
    }
    do {
      try file.close()
    } catch {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, target) == 0 else {
      let failure = PosixFile.failure("rename", "\(temporary) to \(target)", errno: errno)
      unlink(temporary)
      throw failure
    }
    try PrivateDirectory.synchronize(directory)
  }

  /// Removes temporary files that a writer left behind when it died between creating and
  /// renaming one. Only safe while holding the lock that every writer of `name` takes.
  static func removeLeftovers(of name: String, in directory: String) {
    for leftover in DirectoryNames.starting(with: temporaryPrefix(for: name), in: directory) {
      unlink(directory + "/" + leftover)
    }
  }

  private static func temporaryPrefix(for name: String) -> String { "." + name + ".tmp-" }

  private static func temporaryPath(
    for name: String, in directory: String
  ) throws(CredentialStoreError) -> String {
    directory + "/" + temporaryPrefix(for: name) + (try TemporaryName.randomSuffix())
  }
}
