import CardData

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
  /// Whether a directory (or anything) exists at `path`.
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// Creates `path` (and missing parents) with mode 0700, or checks the existing directory:
  /// it must be a directory owned by this user and writable by no one else.
  static func ensure(_ path: String) throws(CredentialStoreError) {
    var info = stat()
    if stat(path, &info) == 0 {
      try check(info, at: path)
      return
    }
    guard errno == ENOENT else { throw PosixFile.failure("stat", path, errno: errno) }
    let parent = parentPath(of: path)
    if parent != path && !exists(parent) { try ensure(parent) }
    if mkdir(path, 0o700) != 0 {
      guard errno == EEXIST else { throw PosixFile.failure("mkdir", path, errno: errno) }
      // Another process created it in the meantime; check it like any existing one.
      try ensure(path)
      return
    }
    // mkdir applies the umask, which may only remove bits; set exactly 0700.
    guard chmod(path, 0o700) == 0 else { throw PosixFile.failure("chmod", path, errno: errno) }
  }

  /// Flushes the directory's entries (a rename or an unlink in it) to stable storage.
  static func synchronize(_ path: String) throws(CredentialStoreError) {
    let directory = try PosixFile(opening: path, flags: O_RDONLY | O_DIRECTORY)
    defer { directory.closeIgnoringErrors() }
    try directory.synchronize()
  }

  /// The directory that contains `path`.
  static func parentPath(of path: String) -> String {
    var components = path.split(separator: "/", omittingEmptySubsequences: true)
    guard !components.isEmpty else { return "/" }
    components.removeLast()
    return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
  }

  private static func check(_ info: stat, at path: String) throws(CredentialStoreError) {
    guard info.isDirectory else {
      throw CredentialStoreError(.unavailable, "\(path) is not a directory")
    }
    guard info.st_uid == geteuid() else {
      throw CredentialStoreError(.unavailable, "\(path) belongs to another user")
    }
    guard info.permissions & 0o022 == 0 else {
      let mode = String(info.permissions, radix: 8)
      throw CredentialStoreError(
        .unavailable,
        "\(path) is writable by other users (mode 0\(mode)); make it 0700")
    }
  }
}
