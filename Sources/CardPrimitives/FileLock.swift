import Foundation

/// An exclusive `flock` on a lock file, taken by every process around a read-modify-write of
/// the file beside it. The lock file is never deleted: a lock on a replaced inode would protect
/// nothing. Each lock opens the file anew, so two holders in one process exclude each other, it
/// may be held across an `await`, and the kernel frees it when the process dies.
package struct FileLock: Sendable {
  package enum Failure: Error, Hashable, Sendable {
    case system(FileError)
    case cancelled
    case timedOut
  }

  private let file: PosixFile

  /// A test seam, called each time ``acquire(path:before:)`` finds the lock held, so a test
  /// learns that a call waits instead of guessing how long that takes.
  @TaskLocal package static var contended: (@Sendable () -> Void)?

  /// Opens (creating, mode 0600) the lock file at `path` and waits for the exclusive lock.
  ///
  /// It polls `flock(LOCK_EX | LOCK_NB)` with short sleeps, so a waiter never blocks a thread
  /// of the concurrency pool, on the caller's actor, so the lock is not held while waiting to
  /// get back to it. A free lock is taken even by a cancelled task; a waiter throws
  /// ``Failure/cancelled`` when cancelled and ``Failure/timedOut`` once `deadline` has passed.
  nonisolated(nonsending) package static func acquire(
    path: String, before deadline: ContinuousClock.Instant? = nil
  ) async throws(Failure) -> FileLock {
    let file = try open(path)
    do throws(Failure) {
      var pause = Duration.microseconds(500)
      while try !lock(file, LOCK_EX | LOCK_NB) {
        contended?()
        if let deadline, ContinuousClock.now >= deadline { throw .timedOut }
        do { try await Task.sleep(for: pause) } catch { throw .cancelled }
        pause = min(pause * 2, .milliseconds(16))
      }
      return FileLock(file: file)
    } catch {
      file.closeIgnoringErrors()
      throw error
    }
  }

  /// Blocks the calling thread in `flock` until the lock is free.
  package static func acquireBlocking(path: String) throws(Failure) -> FileLock {
    let file = try open(path)
    do {
      _ = try lock(file, LOCK_EX)
    } catch {
      file.closeIgnoringErrors()
      throw error
    }
    return FileLock(file: file)
  }

  package func release() {
    flock(file.descriptor, LOCK_UN)
    file.closeIgnoringErrors()
  }

  private static func open(_ path: String) throws(Failure) -> PosixFile {
    do {
      return try PosixFile(opening: path, flags: O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600)
    } catch {
      throw .system(error)
    }
  }

  /// `false` when `LOCK_NB` is given and another open file description holds the lock.
  private static func lock(_ file: PosixFile, _ operation: Int32) throws(Failure) -> Bool {
    guard retryingInterrupts({ flock(file.descriptor, operation) }) != 0 else { return true }
    let code = errno
    guard code == EWOULDBLOCK else { throw .system(FileError("flock", file.path, code: code)) }
    return false
  }
}
