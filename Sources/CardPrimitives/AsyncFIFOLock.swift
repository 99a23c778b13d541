/// A lock held across suspension points, where an actor lets other calls in, handed to waiters
/// in the order they arrived. A cancelled waiter leaves the queue at once, from any thread.
package final class AsyncFIFOLock: Sendable {
  package enum Failure: Error, Hashable, Sendable {
    case cancelled
    case timedOut
  }

  private struct Waiter: Sendable {
    let id: UInt64
    let continuation: CheckedContinuation<Result<Void, Failure>, Never>
    let timer: Task<Void, Never>?
  }

  private struct State: Sendable {
    var isHeld = false
    var lastID: UInt64 = 0
    var waiters: [Waiter] = []
  }

  private let state = Protected(State())
  private let waiterQueued: (@Sendable () -> Void)?

  /// `waiterQueued` is a test seam, called each time a call has joined the queue.
  package init(waiterQueued: (@Sendable () -> Void)? = nil) {
    self.waiterQueued = waiterQueued
  }

  /// Waits its turn, then holds the lock; pair every successful call with ``release()``.
  ///
  /// A free lock is taken at once, even by a cancelled task. A waiter throws
  /// ``Failure/cancelled`` as soon as its task is cancelled and ``Failure/timedOut`` when
  /// `deadline` passes first.
  package func acquire(before deadline: ContinuousClock.Instant? = nil) async throws(Failure) {
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<Void, Failure>, Never>) in
        enqueue(id, continuation, deadline: deadline)
      }
    } onCancel: {
      giveUp(id, because: .cancelled)
    }
    try outcome.get()
  }

  /// Hands the lock to the first waiter, or frees it.
  package func release() {
    let next = state.withLock { state -> Waiter? in
      guard !state.waiters.isEmpty else {
        state.isHeld = false
        return nil
      }
      return state.waiters.removeFirst()
    }
    guard let next else { return }
    next.timer?.cancel()
    next.continuation.resume(returning: .success(()))
  }

  /// Takes a free lock at once; otherwise queues waiter `id`, unless its task is cancelled.
  private func enqueue(
    _ id: UInt64, _ continuation: CheckedContinuation<Result<Void, Failure>, Never>,
    deadline: ContinuousClock.Instant?
  ) {
    let immediate = state.withLock { state -> Result<Void, Failure>? in
      if !state.isHeld {
        state.isHeld = true
        return .success(())
      }
      // The cancellation handler may have run before the waiter was queued.
      if Task.isCancelled { return .failure(.cancelled) }
      let timer = deadline.map { deadline in
        Task { [self] in
          // Cancelled when the waiter got the lock or gave up.
          guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
          giveUp(id, because: .timedOut)
        }
      }
      state.waiters.append(Waiter(id: id, continuation: continuation, timer: timer))
      return nil
    }
    if let immediate {
      continuation.resume(returning: immediate)
    } else {
      waiterQueued?()
    }
  }

  /// Resumes waiter `id` with `failure` if it is still queued.
  private func giveUp(_ id: UInt64, because failure: Failure) {
    let waiter = state.withLock { state -> Waiter? in
      guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return state.waiters.remove(at: index)
    }
    guard let waiter else { return }
    waiter.timer?.cancel()
    waiter.continuation.resume(returning: .failure(failure))
  }
}
