#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The version of the state file that a sandbox last read or wrote, told apart from any
/// later one without reading the file: by its device and inode, size, and modification and
/// change times in nanoseconds.
///
/// Every write replaces the file by `rename` with a new inode. The version keeps its inode
/// open so that the file system cannot give that inode number to a later version, which
/// could then pass for this one. The size and times catch a file edited in place, unless the
/// edit keeps the size and falls within the file system's timestamp resolution.
final class StateFileVersion: Sendable {
  private let descriptor: Int32
  private let fingerprint: Fingerprint

  /// The version open as `descriptor`, which it takes over and closes when it goes; `nil`
  /// (with the descriptor closed) when its status cannot be read.
  init?(adopting descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
    fingerprint = Fingerprint(status)
  }

  deinit { close(descriptor) }

  /// Whether the file at `path` is still this version; `false` also when there is none.
  func isCurrent(at path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    return Fingerprint(status) == fingerprint
  }

  private struct Fingerprint: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Int64
    let changed: Int64

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
