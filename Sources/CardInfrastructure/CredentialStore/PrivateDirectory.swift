import CardData
import CardPrimitives

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The directories the store writes into: created with mode 0700, and refused when someone
/// else could replace the files in them.
enum PrivateDirectory {
  /// Creates `path` (and missing parents) with mode 0700, or checks the existing directory:
  /// it must be a directory owned by this user and writable by no one else.
  static func ensure(_ path: String) throws(CredentialStoreError) {
    var info = stat()
    if stat(path, &info) == 0 {
      try check(info, at: path)
      return
    }
    guard errno == ENOENT else { throw CredentialStoreError(FileError("stat", path)) }
    let parent = FileSystem.split(path).directory
    if parent != path && !FileSystem.exists(parent) { try ensure(parent) }
    if mkdir(path, 0o700) != 0 {
      guard errno == EEXIST else { throw CredentialStoreError(FileError("mkdir", path)) }
      // Another process created it in the meantime (or it is a dangling link, which stat
      // refuses): check it like any existing one.
      guard stat(path, &info) == 0 else { throw CredentialStoreError(FileError("stat", path)) }
      try check(info, at: path)
      return
    }
    // mkdir applies the umask, which may only remove bits; set exactly 0700.
    guard chmod(path, 0o700) == 0 else { throw CredentialStoreError(FileError("chmod", path)) }
  }

  private static func check(_ info: stat, at path: String) throws(CredentialStoreError) {
    guard info.isDirectory else {
      throw CredentialStoreError(.unavailable, "\(path) is not a directory")
    }
    try info.requireOwnedByThisUser(
      path, forbidding: 0o022, "writable by other users", "make it 0700")
  }
}

extension stat {
  /// Throws unless this user owns the file and none of the `forbidden` permission bits is set,
  /// as `<subject> is <problem> (mode 0…); <advice>`.
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
  /// A failed file operation, as ``CardData/CredentialStoreError/Kind/unavailable``.
  init(_ error: FileError) { self.init(.unavailable, error.description) }
}
