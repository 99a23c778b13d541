import Synchronization

/// A lock held across `await`, handed to its waiters in turn. A waiter whose task is cancelled
/// stops waiting: `lock()` then returns `false` and the lock is not its to unlock.
final class AsyncLock: Sendable {
  private struct State {
    var isLocked = false
    var waiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    var lastID = 0
  }

  private let state = Mutex(State())

  /// Whether the lock was taken; `false` when the task was cancelled first.
  func lock() async -> Bool {
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let answer: Bool? = state.withLock { state in
          if Task.isCancelled { return false }
          if !state.isLocked {
            state.isLocked = true
            return true
          }
          state.waiters.append((id, continuation))
          return nil
        }
        if let answer { continuation.resume(returning: answer) }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0).continuation }
      }
      waiter?.resume(returning: false)
    }
  }

  /// Hands the lock to the longest waiter, or frees it.
  func unlock() {
    let next = state.withLock { state in
      guard !state.waiters.isEmpty else {
        state.isLocked = false
        return CheckedContinuation<Bool, Never>?.none
      }
      return state.waiters.removeFirst().continuation
    }
    next?.resume(returning: true)
  }
}
