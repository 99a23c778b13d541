import Foundation

/// The rule for a directory that holds secrets (a session, its key, live tokens): this user
/// owns it, neither group nor others may write to it, and it is a directory itself, never a
/// symbolic link to one, which could lead the files anywhere. A directory that breaks the rule
/// is refused, never repaired, so that every caller of the rule refuses the same directories.
package enum PrivateDirectory {
  /// Creates `path` (and missing parents) with mode 0700, or checks the existing directory.
  /// Parents that exist are not checked: callers check each directory they keep files in.
  package static func ensure(_ path: String) throws(PrivateDirectoryError) {
    if try check(path) { return }
    let parent = FileSystem.split(path).directory
    if parent != path && !FileSystem.exists(parent) { try ensure(parent) }
    if mkdir(path, 0o700) == 0 {
      // mkdir applies the umask, which may only remove bits; set exactly 0700.
      guard chmod(path, 0o700) == 0 else { throw .system(FileError("chmod", path)) }
      return
    }
    // Another process created it in the meantime (or a link is there): check what is there.
    guard errno == EEXIST else { throw .system(FileError("mkdir", path)) }
    guard try check(path) else { throw .system(FileError("stat", path, code: ENOENT)) }
  }

  /// Whether `path` exists; something there that is not a private directory throws.
  package static func check(_ path: String) throws(PrivateDirectoryError) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      guard errno == ENOENT else { throw .system(FileError("stat", path)) }
      return false
    }
    if info.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(path: path) }
    guard info.isDirectory else { throw .notADirectory(path: path) }
    guard info.st_uid == geteuid() else {
      throw .anotherOwner(path: path, owner: info.st_uid)
    }
    guard info.permissions & 0o022 == 0 else {
      throw .writableByOthers(path: path, mode: info.permissions)
    }
    return true
  }
}

/// Why a directory is not a ``PrivateDirectory``, or could not be made one.
package enum PrivateDirectoryError: Error, Hashable, Sendable, CustomStringConvertible {
  case symbolicLink(path: String)
  case notADirectory(path: String)
  case anotherOwner(path: String, owner: uid_t)
  case writableByOthers(path: String, mode: mode_t)
  /// A system call failed: the directory could not be looked at or created.
  case system(FileError)

  /// What is wrong, with the one step that mends a mode.
  package var description: String {
    switch self {
    case .symbolicLink(let path): "\(path) is a symbolic link, not a directory"
    case .notADirectory(let path): "\(path) is not a directory"
    case .anotherOwner(let path, _): "\(path) belongs to another user"
    case .writableByOthers(let path, let mode):
      "\(path) is writable by other users (mode 0\(String(mode, radix: 8))); make it 0700"
    case .system(let error): error.description
    }
  }
}
