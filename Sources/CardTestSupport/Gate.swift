import CardPrimitives

/// Orders events between tasks without clocks: a test waits until something *has* happened
/// instead of sleeping until it probably has.
///
/// A ``Gate`` holds tasks until the test opens it; a ``Tally`` counts events that tasks can
/// wait for. Both are one count under a lock with the waiters beside it:
///
/// ```swift
/// let arrived = Tally()
/// let release = Gate()
/// let server = Server { request in arrived.increment(); try await release.wait(); … }
/// let call = Task { try await client.send(request) }
/// try await arrived.wait(forAtLeast: 1)  // the request is now inside the server
/// call.cancel()
/// ```
///
/// A wait ends with `CancellationError` when its task is cancelled, so a test that would hang
/// is stopped by its time limit, never by a guess about how long something takes.
public final class Tally: Sendable {
  private struct State {
    var count = 0
    var nextWaiter = 0
    var waiters: [Int: (target: Int, continuation: CheckedContinuation<Void, any Error>)] = [:]
  }

  private let state = Protected(State())

  public init() {}

  /// How many events were counted.
  public var count: Int { state.withLock { $0.count } }

  /// Counts one event and wakes every waiter whose target it reaches.
  public func increment() {
    let woken = state.withLock { state in
      state.count += 1
      let reached = state.waiters.filter { $0.value.target <= state.count }
      for id in reached.keys { state.waiters[id] = nil }
      return reached.values.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  /// Returns once at least `target` events were counted (at once when they already were).
  public func wait(forAtLeast target: Int) async throws(CancellationError) {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    do {
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let resumeNow: (any Error)?? = state.withLock { state in
            if Task.isCancelled { return .some(CancellationError()) }
            if state.count >= target { return .some(nil) }
            state.waiters[id] = (target, continuation)
            return nil
          }
          switch resumeNow {
          case .some(.some(let error)): continuation.resume(throwing: error)
          case .some(.none): continuation.resume()
          case .none: break
          }
        }
      } onCancel: {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        waiter?.continuation.resume(throwing: CancellationError())
      }
    } catch {
      throw CancellationError()
    }
  }
}

/// Holds every task that waits on it until the test opens it; once open it stays open.
///
/// A fake that must not answer until the test says so (a refresh in flight, a request the
/// server holds) waits on a gate; a gate that is never opened holds its waiters until they
/// are cancelled, the way a server that never answers does.
public final class Gate: Sendable {
  private let opened = Tally()

  public init() {}

  /// Whether the gate was opened.
  public var isOpen: Bool { opened.count > 0 }

  /// Lets every waiting and every later task through.
  public func open() { opened.increment() }

  /// Returns once the gate is open, or throws `CancellationError` when the task is
  /// cancelled first.
  public func wait() async throws(CancellationError) {
    try await opened.wait(forAtLeast: 1)
  }
}
