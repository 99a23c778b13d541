/// The bounds of the sandbox's injected faults, written once: the REPL's `sandbox` commands
/// check them as they parse a line, the sandbox when a fault is set, and the reference server
/// (through `SandboxFaults`) when an admin request arrives.
package enum FaultBounds {
  /// Ten minutes: longer than any client waits for an answer, and short enough that a
  /// mistyped latency cannot stall a sandbox for hours.
  package static let maximumLatencyMilliseconds = 600_000
  /// The statuses an injected failure may answer: the client and server errors.
  package static let failureStatuses = 400...599
  /// How many requests a queued failure or malformed reply may count: any count that is not
  /// negative; a count is only ever decremented, so even `Int.max` cannot overflow.
  package static let counts = 0...Int.max
}
