/// A lock for the tasks of one actor that is held across suspension points and handed to
/// waiters in the order they arrived.
///
/// An actor runs one task at a time only between suspension points: while the holder awaits
/// (a refresh over the network, a sleep while waiting for the file lock), another call can
/// enter the actor. This lock keeps such calls out until the holder releases it. It is not
/// `Sendable`: it must only be used from the actor that owns it, which `isolation` enforces.
/// A waiter is not woken by cancellation; it waits for its turn.
final class AsyncFIFOLock {
  private var isHeld = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Creates an unheld lock.
  init() {}

  /// Waits until the lock is free, then holds it. Pair every call with ``release()``.
  func acquire(isolation: isolated (any Actor)? = #isolation) async {
    guard isHeld else {
      isHeld = true
      return
    }
    await withCheckedContinuation(isolation: isolation) { waiters.append($0) }
  }

  /// Hands the lock to the longest waiter, or frees it.
  func release() {
    if waiters.isEmpty {
      isHeld = false
    } else {
      waiters.removeFirst().resume()
    }
  }
}
