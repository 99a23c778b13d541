import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns Ctrl-C (SIGINT) into a call of ``InterruptController/interrupt()``: the running
/// command is cancelled and the REPL keeps going, instead of the process dying.
public final class SignalInterrupts {
  private let source: any DispatchSourceSignal

  /// Ignores SIGINT's default action and hands every SIGINT to `controller`. Before a
  /// command is cancelled, a newline goes to `echoDescriptor`, so that `cancelled` starts a
  /// line of its own after the `^C` the terminal echoed.
  public init(controller: InterruptController, echoDescriptor: Int32) {
    signal(SIGINT, SIG_IGN)
    let echo = FileDescriptorWriter(descriptor: echoDescriptor)
    source = DispatchSource.makeSignalSource(
      signal: SIGINT, queue: DispatchQueue(label: "card-repl.signals"))
    source.setEventHandler { @Sendable in
      controller.interrupt { echo.write("\n") }
    }
    source.resume()
  }

  /// Stops listening and gives SIGINT its default action back.
  public func cancel() {
    source.cancel()
    signal(SIGINT, SIG_DFL)
  }
}
