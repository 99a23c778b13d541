/// Waits; injected so that retry delays can be tested without waiting.
public protocol Sleeper: Sendable {
  /// Suspends for `duration`, or throws `CancellationError` when the task is cancelled.
  func sleep(for duration: Duration) async throws(CancellationError)
}

/// Sleeps with `Task.sleep`.
public struct TaskSleeper: Sleeper {
  /// Creates the sleeper.
  public init() {}

  /// Suspends the current task.
  public func sleep(for duration: Duration) async throws(CancellationError) {
    do {
      try await Task.sleep(for: duration)
    } catch {
      throw CancellationError()
    }
  }
}
