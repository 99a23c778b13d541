import CardData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on the store's lock file, which every process using the store takes
/// around a read-modify-write.
///
/// The lock file is separate from the sealed file because writes replace the sealed file by
/// `rename`, and a lock on a replaced inode would protect nothing. The lock file is never
/// deleted (deleting it would let two processes lock two different files). `flock` belongs
/// to the open file description, so it may be held across an `await`; the lock is released
/// when ``release()`` closes the descriptor, and by the kernel if the process dies.
struct FileLock {
  private let file: PosixFile

  /// Opens (creating, mode 0600) the lock file at `path` and waits for the exclusive lock.
  ///
  /// Waiting polls `flock(LOCK_EX | LOCK_NB)` with short sleeps instead of blocking in
  /// `flock`, so that a waiter never occupies a thread of the concurrency pool while another
  /// process refreshes. Throws ``CardData/CredentialStoreError/Kind/unavailable`` once
  /// `deadline` has passed (the message names `timeout`, the wait it stands for), or when the
  /// task is cancelled while it waits.
  static func acquire(
    path: String, before deadline: ContinuousClock.Instant, timeout: Duration
  ) async throws(CredentialStoreError) -> FileLock {
    let file = try PosixFile(opening: path, flags: O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600)
    let clock = ContinuousClock()
    var pause = Duration.milliseconds(1)
    while true {
      if flock(file.descriptor, LOCK_EX | LOCK_NB) == 0 { return FileLock(file: file) }
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK else {
        file.closeIgnoringErrors()
        throw PosixFile.failure("flock", path, errno: code)
      }
      guard clock.now < deadline else {
        file.closeIgnoringErrors()
        throw CredentialStoreError(
          .unavailable, "timed out after \(timeout) waiting for the lock on \(path)")
      }
      do {
        try await Task.sleep(for: pause)
      } catch {
        file.closeIgnoringErrors()
        throw CredentialStoreError(.unavailable, "cancelled while waiting for the lock on \(path)")
      }
      pause = min(pause * 2, .milliseconds(20))
    }
  }

  /// Releases the lock and closes the lock file.
  func release() {
    flock(file.descriptor, LOCK_UN)
    file.closeIgnoringErrors()
  }
}
