import CardSandbox

/// The `data` of every admin answer: the faults after the operation.
struct FaultsSnapshot: Encodable, Equatable {
  let offline: Bool
  let latencyMilliseconds: Int
  let failureStatus: Int?
  let failuresRemaining: Int
  /// `envelope` or `data`, as `POST /_sandbox/malform` names it.
  let malformedReply: String?
  let malformedRemaining: Int
  /// As the REPL's `sandbox` commands print it: `none`, or `offline, latency 0.2 seconds`.
  let summary: String

  init(_ faults: SandboxFaults) {
    offline = faults.isOffline
    latencyMilliseconds = faults.latencyMilliseconds
    failureStatus = faults.failureStatus
    failuresRemaining = faults.failuresRemaining
    malformedReply = faults.malformedReply?.rawValue
    malformedRemaining = faults.malformedRemaining
    summary = faults.description
  }
}
