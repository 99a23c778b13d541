/// The bounds of the sandbox's injected faults, written once for the REPL's `sandbox` commands,
/// the sandbox and the reference server.
package enum FaultBounds {
  /// Ten minutes: longer than any client waits for an answer, and short enough that a
  /// mistyped latency cannot stall a sandbox for hours.
  package static let maximumLatencyMilliseconds = 600_000
  /// The latencies a request may be given, 0 turning it off.
  package static let latenciesMilliseconds = 0...maximumLatencyMilliseconds
  /// The statuses an injected failure may answer: the client and server errors.
  package static let failureStatuses = 400...599
  /// How many requests a queued fault may count; only ever decremented, so never overflowing.
  package static let counts = 0...Int.max
}
