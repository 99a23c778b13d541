import Foundation

/// One version of a file, told apart from any later one by a single `lstat`: a reader keeps
/// what it decoded until the file changes. Writers replace the file by `rename`, so every
/// version has an inode of its own, kept open so that its number cannot be reused.
package final class FileVersion: Sendable {
  package let file: PosixFile
  /// Taken before the owner reads, so that a change made while it reads shows as a newer
  /// version; the owner checks the file's type, owner and mode on it.
  package let status: stat
  private let fingerprint: [Int64]

  private init(file: PosixFile, status: stat) {
    self.file = file
    self.status = status
    fingerprint = Self.fingerprint(status)
  }

  /// The file at `path`, opened as ``PosixFile/openForReadingIfPresent(_:)`` does; `nil` when
  /// there is none.
  package static func open(_ path: String) throws(FileError) -> FileVersion? {
    guard let file = try PosixFile.openForReadingIfPresent(path) else { return nil }
    do {
      return FileVersion(file: file, status: try file.status())
    } catch {
      file.closeIgnoringErrors()
      throw error
    }
  }

  deinit { file.closeIgnoringErrors() }

  /// Whether the file at `path` is still this version; `false` also when there is none.
  package func isCurrent(at path: String) -> Bool {
    var status = stat()
    guard lstat(path, &status) == 0 else { return false }
    return Self.fingerprint(status) == fingerprint
  }

  /// Device, inode, size, and modification and change times to the nanosecond.
  private static func fingerprint(_ status: stat) -> [Int64] {
    #if canImport(Darwin)
      let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
    #else
      let (modified, changed) = (status.st_mtim, status.st_ctim)
    #endif
    return [
      Int64(truncatingIfNeeded: status.st_dev), Int64(truncatingIfNeeded: status.st_ino),
      Int64(status.st_size), Int64(modified.tv_sec), Int64(modified.tv_nsec),
      Int64(changed.tv_sec), Int64(changed.tv_nsec),
    ]
  }
}
