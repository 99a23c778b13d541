import CardPrimitives

/// Ctrl-C cancels the running command, and only that: the REPL keeps going.
package final class InterruptController: Sendable {
  private let running = Protected<Task<CommandOutcome, Never>?>(nil)

  package init() {}

  /// Cancels the running command's task, after calling `announce` (which must return
  /// quickly); returns whether there was a command to cancel.
  @discardableResult
  package func interrupt(announcing announce: () -> Void = {}) -> Bool {
    guard let task = running.withLock({ $0 }) else { return false }
    announce()
    task.cancel()
    return true
  }

  func run(_ operation: @escaping @Sendable () async -> CommandOutcome) async -> CommandOutcome {
    // Registered under the lock it is created in: an interrupt that follows anything the
    // command did finds it, even when the command signals before this line returns.
    let task = running.withLock { running in
      let task = Task { await operation() }
      running = task
      return task
    }
    defer { running.withLock { $0 = nil } }
    return await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }
}
