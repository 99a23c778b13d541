#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An exclusive `flock` on the lock file beside a state file (`state.json.lock`), which every
/// sandbox on that state file holds while it reads, changes and writes the state, in this
/// process or another.
///
/// The lock is on a separate file because writes replace the state file by `rename`, and a
/// lock on a replaced inode would protect nothing; the lock file is never deleted, for the
/// same reason. Each lock opens the file anew, so two sandboxes of one process exclude each
/// other as two processes do. The kernel releases the lock of a process that dies.
package struct StateFileLock {
  private let descriptor: Int32

  /// Called by ``acquire(path:)`` each time it finds the lock held by another descriptor,
  /// just before it waits to try again: how a test learns that a request is waiting for the
  /// lock instead of guessing how long that takes. A test binds it around the task it starts,
  /// `StateFileLock.$contended.withValue(observer) { Task { … } }`, so it reaches that task
  /// only; nothing else sets it.
  @TaskLocal package static var contended: (@Sendable () -> Void)?

  /// Opens (creating, mode 0600) the lock file at `path` and waits for the exclusive lock.
  ///
  /// Waiting polls `flock(LOCK_EX | LOCK_NB)` with short sleeps instead of blocking in
  /// `flock`, so that a waiter never occupies a thread of the concurrency pool. It runs on
  /// the caller's actor, so that the lock is not held while waiting to get back to it.
  /// - Throws: ``SandboxStateError/cancelled(path:)`` when the task is cancelled while it
  ///   waits; ``SandboxStateError/unlockable(path:reason:)`` when the file cannot be opened
  ///   or locked.
  nonisolated(nonsending) static func acquire(path: String) async throws(SandboxStateError)
    -> StateFileLock
  {
    let descriptor = try open(path)
    var pause = Duration.microseconds(500)
    while true {
      do {
        if try tryLock(descriptor, path: path) { return StateFileLock(descriptor: descriptor) }
      } catch {
        close(descriptor)
        throw error
      }
      contended?()
      do {
        try await Task.sleep(for: pause)
      } catch {
        close(descriptor)
        throw .cancelled(path: path)
      }
      pause = min(pause * 2, .milliseconds(16))
    }
  }

  /// Opens the lock file at `path` as ``acquire(path:)`` does and blocks the calling thread
  /// in `flock` until the lock is free; for the synchronous start of a sandbox, which
  /// blocks on file input and output anyway. Another sandbox holds the lock only while it
  /// answers one request.
  static func acquireBlocking(path: String) throws(SandboxStateError) -> StateFileLock {
    let descriptor = try open(path)
    while flock(descriptor, LOCK_EX) != 0 {
      let code = errno
      guard code == EINTR else {
        close(descriptor)
        throw failure(path, code)
      }
    }
    return StateFileLock(descriptor: descriptor)
  }

  /// Releases the lock and closes the lock file.
  func release() {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  private static func open(_ path: String) throws(SandboxStateError) -> Int32 {
    while true {
      #if canImport(Darwin)
        let descriptor = Darwin.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
      #elseif canImport(Glibc)
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
      #else
        let descriptor = Musl.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
      #endif
      if descriptor >= 0 { return descriptor }
      let code = errno
      if code != EINTR { throw failure(path, code) }
    }
  }

  /// Whether the lock was taken; `false` when another descriptor holds it.
  private static func tryLock(_ descriptor: Int32, path: String) throws(SandboxStateError)
    -> Bool
  {
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EWOULDBLOCK { return false }
      if code != EINTR { throw failure(path, code) }
    }
    return true
  }

  private static func failure(_ path: String, _ code: Int32) -> SandboxStateError {
    .unlockable(path: path, reason: String(cString: strerror(code)))
  }
}
