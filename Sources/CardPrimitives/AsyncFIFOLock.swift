/// A lock held across suspension points and handed to waiters in the order they arrived,
/// whose waiters give up when their task is cancelled or their deadline passes.
///
/// An actor runs one task at a time only between suspension points: while the holder awaits
/// (a refresh over the network, a sleep while waiting for the file lock), another call can
/// enter the actor. This lock keeps such calls out until the holder releases it. Its state
/// sits behind a ``Protected`` mutex, so that a cancellation handler, which runs on whatever thread
/// cancels the task, can take a waiter out of the queue at once.
package final class AsyncFIFOLock: Sendable {
  /// Why a waiter stopped waiting without the lock.
  package enum Failure: Error, Hashable, Sendable {
    /// The waiting task was cancelled.
    case cancelled
    /// The deadline passed.
    case timedOut
  }

  private enum Outcome: Sendable {
    case acquired
    case failed(Failure)
  }

  private struct Waiter: Sendable {
    let id: UInt64
    let continuation: CheckedContinuation<Outcome, Never>
    let timer: Task<Void, Never>?
  }

  private struct State: Sendable {
    var isHeld = false
    var lastID: UInt64 = 0
    var waiters: [Waiter] = []
  }

  private let state = Protected(State())
  private let waiterQueued: (@Sendable () -> Void)?

  /// Creates an unheld lock.
  ///
  /// `waiterQueued` is a test seam: it is called each time a call of ``acquire(before:)``
  /// finds the lock held and has joined the queue (never for a call that takes a free lock,
  /// nor for a task cancelled before it joined), so that a test can count the calls waiting
  /// behind a holder instead of sleeping until they probably are. Production code passes
  /// nothing.
  package init(waiterQueued: (@Sendable () -> Void)? = nil) {
    self.waiterQueued = waiterQueued
  }

  /// Waits until the lock is free, then holds it; pair every successful call with
  /// ``release()``.
  ///
  /// A free lock is taken at once, even by a cancelled task. Otherwise the call waits its
  /// turn and throws ``Failure/cancelled`` as soon as its task is cancelled, or
  /// ``Failure/timedOut`` when `deadline` passes first (without a deadline it waits as long
  /// as it takes); a waiter that gives up leaves the queue and does not hold the lock.
  package func acquire(before deadline: ContinuousClock.Instant? = nil) async throws(Failure) {
    let id: UInt64? = state.withLock { state in
      guard state.isHeld else {
        state.isHeld = true
        return nil
      }
      state.lastID += 1
      return state.lastID
    }
    guard let id else { return }
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        enqueue(id, continuation, deadline: deadline)
      }
    } onCancel: {
      giveUp(id, because: .cancelled)
    }
    if case .failed(let failure) = outcome { throw failure }
  }

  /// Hands the lock to the longest waiter, or frees it.
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
    next.continuation.resume(returning: .acquired)
  }

  /// Queues waiter `id`, unless the lock was freed or the task cancelled in the meantime.
  private func enqueue(
    _ id: UInt64, _ continuation: CheckedContinuation<Outcome, Never>,
    deadline: ContinuousClock.Instant?
  ) {
    let immediate = state.withLock { state -> Outcome? in
      if !state.isHeld {
        state.isHeld = true
        return .acquired
      }
      // The cancellation handler may have run before the waiter was queued.
      if Task.isCancelled { return .failed(.cancelled) }
      let timer = deadline.map { deadline in
        Task { [self] in
          do {
            try await Task.sleep(until: deadline, clock: .continuous)
          } catch {
            return  // The waiter got the lock or gave up; the timer was cancelled.
          }
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

  /// Takes waiter `id` out of the queue and resumes it with `failure`; does nothing when it
  /// is no longer queued (it got the lock, or gave up already).
  private func giveUp(_ id: UInt64, because failure: Failure) {
    let waiter = state.withLock { state -> Waiter? in
      guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return state.waiters.remove(at: index)
    }
    guard let waiter else { return }
    waiter.timer?.cancel()
    waiter.continuation.resume(returning: .failed(failure))
  }
}
