import CardPrimitives

/// Waits for a shared task's value, but stops waiting as soon as the *waiting* task is
/// cancelled, leaving the shared task running for its other waiters.
///
/// Awaiting `task.value` directly does not respond to the waiter's cancellation, so a request
/// cancelled while a token refresh is in flight would otherwise end only when the refresh does.
func valueUnlessCancelled<Success: Sendable>(of task: Task<Success, any Error>) async throws
  -> Success
{
  let waiter = Waiter<Success>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      waiter.wait(with: continuation)
      Task { waiter.finish(with: await task.result) }
    }
  } onCancel: {
    waiter.finish(with: .failure(CancellationError()))
  }
}

/// Resumes a continuation once: with the first of the task's result and the cancellation,
/// whichever comes first (cancellation may even come before the wait begins).
private final class Waiter<Success: Sendable>: Sendable {
  private enum State {
    case idle
    case waiting(CheckedContinuation<Success, any Error>)
    case finished(Result<Success, any Error>)
    case resumed
  }

  private let state = Protected(State.idle)

  func wait(with continuation: CheckedContinuation<Success, any Error>) {
    let early: Result<Success, any Error>? = state.withLock { state in
      guard case .finished(let result) = state else {
        state = .waiting(continuation)
        return nil
      }
      state = .resumed
      return result
    }
    if let early { continuation.resume(with: early) }
  }

  func finish(with result: Result<Success, any Error>) {
    let continuation: CheckedContinuation<Success, any Error>? = state.withLock { state in
      switch state {
      case .idle:
        state = .finished(result)
        return nil
      case .waiting(let continuation):
        state = .resumed
        return continuation
      case .finished, .resumed:
        return nil
      }
    }
    continuation?.resume(with: result)
  }
}
