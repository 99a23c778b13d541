import CardPrimitives

/// Counts events that tasks can wait for, so a test waits until something *has* happened
/// instead of sleeping until it probably has. A wait ends with `CancellationError` when its
/// task is cancelled, so a test that would hang is stopped by its time limit, never by a guess:
///
/// ```swift
/// let arrived = Tally()
/// let release = Gate()
/// let server = Server { request in arrived.increment(); try await release.wait(); … }
/// let call = Task { try await client.send(request) }
/// try await arrived.wait(forAtLeast: 1)  // the request is now inside the server
/// call.cancel()
/// ```
public final class Tally: Sendable {
  private struct State {
    var count = 0
    var nextWaiter = 0
    var waiters: [Int: (target: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
  }

  private let state = Protected(State())

  public init() {}

  public var count: Int { state.withLock { $0.count } }

  public func increment() {
    let woken = state.withLock { state in
      state.count += 1
      let reached = state.waiters.filter { $0.value.target <= state.count }
      for id in reached.keys { state.waiters[id] = nil }
      return reached.values.map(\.continuation)
    }
    for continuation in woken { continuation.resume(returning: true) }
  }

  public func wait(forAtLeast target: Int) async throws(CancellationError) {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    let reached = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let now: Bool? = state.withLock { state in
          if Task.isCancelled { return false }
          if state.count >= target { return true }
          state.waiters[id] = (target, continuation)
          return nil
        }
        if let now { continuation.resume(returning: now) }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.continuation.resume(returning: false)
    }
    guard reached else { throw CancellationError() }
  }
}

/// Holds every task that waits on it until the test opens it, for good. A gate never opened
/// holds its waiters until they are cancelled, as a server that never answers does.
public final class Gate: Sendable {
  private let opened = Tally()

  public init() {}

  public func open() { opened.increment() }

  public func wait() async throws(CancellationError) {
    try await opened.wait(forAtLeast: 1)
  }
}
