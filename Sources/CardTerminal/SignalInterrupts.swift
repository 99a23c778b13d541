import CardREPL
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
