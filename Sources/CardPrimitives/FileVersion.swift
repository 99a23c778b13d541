#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One version of a file, told apart from any later one by a single `lstat` (device, inode,
/// size, modification and change times in nanoseconds): a reader keeps what it decoded until
/// the file changes. Writers replace the file by `rename`, so every version has an inode of
/// its own; the version keeps its file open so that the inode number cannot be reused.
package final class FileVersion: Sendable {
  /// The open file, for reading this version.
  package let file: PosixFile
  /// Taken before the owner reads, so that a change made while it reads shows as a newer
  /// version; the owner checks the file's type, owner and mode on it.
  package let status: stat
  private let fingerprint: Fingerprint

  private init(file: PosixFile, status: stat) {
    self.file = file
    self.status = status
    fingerprint = Fingerprint(status)
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
    return Fingerprint(status) == fingerprint
  }

  private struct Fingerprint: Equatable {
    let device, inode: UInt64
    let size, modified, changed: Int64

    init(_ status: stat) {
      device = UInt64(truncatingIfNeeded: status.st_dev)
      inode = UInt64(truncatingIfNeeded: status.st_ino)
      size = Int64(status.st_size)
      #if canImport(Darwin)
        modified = Self.nanoseconds(status.st_mtimespec)
        changed = Self.nanoseconds(status.st_ctimespec)
      #else
        modified = Self.nanoseconds(status.st_mtim)
        changed = Self.nanoseconds(status.st_ctim)
      #endif
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
      Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
  }
}
