import CardPrimitives
import CardTestingPrimitives
import Foundation
import Testing

private actor Recorder {
  private(set) var values: [Int] = []
  func append(_ value: Int) { values.append(value) }
}

/// Why acquiring `lock` without a deadline failed, or `nil` when it succeeded (the caller
/// then holds it). Only cancellation can end such a wait, so a waiter that ignored it would
/// hang until the suite's safety limit stops the test.
private func failure(acquiring lock: AsyncFIFOLock) async -> AsyncFIFOLock.Failure? {
  do {
    try await lock.acquire()
    return nil
  } catch {
    return error
  }
}

/// Each test counts the waiters that joined the queue through the lock's `waiterQueued` seam
/// and waits for that count before acting, so that "queued" is a fact, not a guess about how
/// long starting a task takes.
@Suite("AsyncFIFOLock: order, cancellation and deadlines", .timeLimit(.minutes(1)))
struct AsyncFIFOLockTests {
  private let queued = Tally()
  private let lock: AsyncFIFOLock

  init() {
    lock = AsyncFIFOLock(waiterQueued: { [queued] in queued.increment() })
  }

  @Test func waitersGetTheLockInTheOrderTheyArrived() async throws {
    try await lock.acquire()
    let order = Recorder()
    var waiters: [Task<Void, any Error>] = []
    for index in 0..<5 {
      waiters.append(
        Task { [lock] in
          try await lock.acquire()
          await order.append(index)
          lock.release()
        })
      try await queued.wait(forAtLeast: index + 1)
    }
    lock.release()
    for waiter in waiters { try await waiter.value }
    #expect(await order.values == [0, 1, 2, 3, 4])
  }

  @Test func aCancelledWaiterStopsAtOnceAndNeverHoldsTheLock() async throws {
    try await lock.acquire()
    let waiting = Task { [lock] in await failure(acquiring: lock) }
    try await queued.wait(forAtLeast: 1)
    waiting.cancel()
    #expect(await waiting.value == .cancelled)

    lock.release()
    // The lock is free, not handed to the waiter that left: a deadline that has already
    // passed is met at once only by a free lock.
    try await lock.acquire(before: ContinuousClock.now)
    lock.release()
    #expect(queued.count == 1)
  }

  @Test func aTaskCancelledBeforeItWaitsDoesNotWait() async throws {
    try await lock.acquire()
    defer { lock.release() }
    let waiting = Task { [lock] in
      withUnsafeCurrentTask { $0?.cancel() }
      return await failure(acquiring: lock)
    }
    #expect(await waiting.value == .cancelled)
    #expect(queued.count == 0)
  }

  /// A real timeout, kept short: the lock is held throughout, so the waiter queues whatever
  /// the deadline. Only the kind of outcome is checked, never how long it took.
  @Test func aWaiterGivesUpWhenItsDeadlinePasses() async throws {
    try await lock.acquire()
    await #expect(throws: AsyncFIFOLock.Failure.timedOut) {
      try await lock.acquire(before: ContinuousClock.now + .milliseconds(50))
    }
    #expect(queued.count == 1)

    // The queue still works after a waiter gave up: the next one gets its turn.
    let next = Task { [lock] in try await lock.acquire() }
    try await queued.wait(forAtLeast: 2)
    lock.release()
    try await next.value
    lock.release()
  }
}
