#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The exclusive `flock` on a file, taken by a test the way another process would take it.
struct HeldLock: ~Copyable {
  private let descriptor: Int32

  /// The file could not be opened, or someone else holds the lock.
  struct Unavailable: Error {}

  /// Opens (creating) the file at `path` and takes the lock without waiting.
  init(path: String) throws {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Unavailable() }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      throw Unavailable()
    }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Releases the lock and closes the file.
  consuming func release() {}
}
