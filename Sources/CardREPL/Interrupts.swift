import CardPrimitives
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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

/// Turns SIGINT into ``InterruptController/interrupt(announcing:)`` instead of the process
/// dying. At the prompt Ctrl-C is a key of the line editor (its edit mode has no signals);
/// only while a command runs is it a signal, received by a dispatch source outside any signal
/// handler, so it may take locks and cancel tasks.
package final class SignalInterrupts {
  private let source: any DispatchSourceSignal

  /// Before a command is cancelled, a newline goes to `echoDescriptor`, so that `cancelled`
  /// starts a line of its own after the `^C` the terminal echoed.
  package init(controller: InterruptController, echoDescriptor: Int32) {
    signal(SIGINT, SIG_IGN)
    let echo = FileDescriptorWriter(descriptor: echoDescriptor)
    source = DispatchSource.makeSignalSource(
      signal: SIGINT, queue: DispatchQueue(label: "card-repl.signals"))
    source.setEventHandler { @Sendable in
      controller.interrupt { echo.write("\n") }
    }
    source.resume()
  }

  /// Gives SIGINT its default action back.
  package func cancel() {
    source.cancel()
    signal(SIGINT, SIG_DFL)
  }
}
