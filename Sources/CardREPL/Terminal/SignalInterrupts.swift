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

  /// Ignores SIGINT's default action and hands every SIGINT to `controller`.
  public init(controller: InterruptController) {
    signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(
      signal: SIGINT, queue: DispatchQueue(label: "card-repl.signals"))
    source.setEventHandler { @Sendable in controller.interrupt() }
    source.resume()
  }

  /// Stops listening and gives SIGINT its default action back.
  public func cancel() {
    source.cancel()
    signal(SIGINT, SIG_DFL)
  }
}
