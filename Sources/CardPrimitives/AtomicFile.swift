import Foundation

/// Replaces a file so that a reader sees the old contents or the new, never a mix, and the new
/// contents survive a crash once the call returns: a temporary file `.<name>.tmp-<random>`,
/// written and synced as ``createSynced(_:with:)`` does, is renamed over the file, then the
/// directory is synced; on failure the temporary file is removed and the file is untouched.
/// Each rename gives the file a new inode, which ``FileVersion`` relies on.
///
/// Callers hold a lock that every writer of the file takes: each call first removes the
/// temporary files of writers that died between creating and renaming one.
package enum AtomicFile {
  package static func replace(_ path: String, with bytes: [UInt8]) throws(FileError) {
    removeAbandonedTemporaryFiles(of: path)
    let (directory, name) = FileSystem.split(path)
    let temporary = directory + "/" + temporaryPrefix(name) + FileSystem.randomSuffix()
    try createSynced(temporary, with: bytes)
    guard rename(temporary, path) == 0 else {
      let failure = FileError("rename", "\(temporary) to \(path)")
      unlink(temporary)
      throw failure
    }
    try FileSystem.synchronizeDirectory(directory)
  }

  /// Under the writers' lock, none of these can belong to a live writer.
  private static func removeAbandonedTemporaryFiles(of path: String) {
    let (directory, name) = FileSystem.split(path)
    for leftover in FileSystem.names(startingWith: temporaryPrefix(name), in: directory) {
      unlink(directory + "/" + leftover)
    }
  }

  private static func temporaryPrefix(_ name: String) -> String { "." + name + ".tmp-" }

  /// Creates a new file at `path` (`O_EXCL`, no symbolic link, mode exactly 0600 whatever the
  /// umask) holding `bytes`, flushed to stable storage and closed; on failure it is removed.
  package static func createSynced(_ path: String, with bytes: [UInt8]) throws(FileError) {
    let file = try PosixFile(
      opening: path, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
    do throws(FileError) {
      do {
        try file.setPermissions(0o600)
        try file.writeAll(bytes)
        try file.synchronize()
      } catch {
        file.closeIgnoringErrors()
        throw error
      }
      try file.close()
    } catch {
      unlink(path)
      throw error
    }
  }
}
