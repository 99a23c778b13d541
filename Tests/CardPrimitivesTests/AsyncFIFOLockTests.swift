import CardPrimitives
import Foundation
import Testing

/// Records values from several tasks.
private actor Recorder {
  private(set) var values: [Int] = []
  func append(_ value: Int) { values.append(value) }
}

/// Why acquiring `lock` failed, or `nil` when it succeeded (the caller then holds it).
private func failure(acquiring lock: AsyncFIFOLock) async -> AsyncFIFOLock.Failure? {
  do {
    try await lock.acquire(before: ContinuousClock.now + .seconds(60))
    return nil
  } catch {
    return error
  }
}

@Suite("AsyncFIFOLock: order, cancellation and deadlines")
struct AsyncFIFOLockTests {
  private static let later = ContinuousClock.now + .seconds(60)

  @Test func waitersGetTheLockInTheOrderTheyArrived() async throws {
    let lock = AsyncFIFOLock()
    try await lock.acquire(before: Self.later)
    let order = Recorder()
    var waiters: [Task<Void, any Error>] = []
    for index in 0..<5 {
      waiters.append(
        Task {
          try await lock.acquire(before: Self.later)
          await order.append(index)
          lock.release()
        })
      try await Task.sleep(for: .milliseconds(20))
    }
    lock.release()
    for waiter in waiters { try await waiter.value }
    #expect(await order.values == [0, 1, 2, 3, 4])
  }

  @Test func aCancelledWaiterStopsAtOnceAndNeverHoldsTheLock() async throws {
    let lock = AsyncFIFOLock()
    try await lock.acquire(before: Self.later)
    let waiting = Task { await failure(acquiring: lock) }
    try await Task.sleep(for: .milliseconds(30))
    let started = ContinuousClock.now
    waiting.cancel()
    #expect(await waiting.value == .cancelled)
    #expect(ContinuousClock.now - started < .seconds(10))

    lock.release()
    // The lock is free, not handed to the waiter that left.
    try await lock.acquire(before: ContinuousClock.now)
    lock.release()
  }

  @Test func aTaskCancelledBeforeItWaitsDoesNotWait() async throws {
    let lock = AsyncFIFOLock()
    try await lock.acquire(before: Self.later)
    defer { lock.release() }
    let waiting = Task {
      while !Task.isCancelled { await Task.yield() }
      return await failure(acquiring: lock)
    }
    waiting.cancel()
    #expect(await waiting.value == .cancelled)
  }

  @Test func aWaiterGivesUpWhenItsDeadlinePasses() async throws {
    let lock = AsyncFIFOLock()
    try await lock.acquire(before: Self.later)
    let started = ContinuousClock.now
    await #expect(throws: AsyncFIFOLock.Failure.timedOut) {
      try await lock.acquire(before: started + .milliseconds(150))
    }
    let elapsed = ContinuousClock.now - started
    #expect(elapsed >= .milliseconds(140) && elapsed < .seconds(10))

    // A waiter queued behind the one that gave up still gets its turn.
    let next = Task { try await lock.acquire(before: Self.later) }
    try await Task.sleep(for: .milliseconds(20))
    lock.release()
    try await next.value
    lock.release()
  }
}
