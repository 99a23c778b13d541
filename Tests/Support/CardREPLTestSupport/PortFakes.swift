import CardPrimitives
import CardREPL

/// Sandbox controls that record each command in a short text such as `fail 503 2`, and report
/// the faults those commands set.
package final class FakeSandboxControls: SandboxControlling {
  private let state = Protected((faults: SandboxFaultSummary.none, calls: [String]()))

  package init() {}

  /// `expire`, `revoke`, `fail <status> <count>`, `offline <Bool>`, `latency <Duration>`,
  /// `malform <kind> <count>`, `reset`, in order.
  package var calls: [String] { state.withLock { $0.calls } }

  package func run(_ command: SandboxCommand) async throws(CommandFailure)
    -> SandboxFaultSummary
  {
    state.withLock { state in
      switch command {
      case .expireToken: state.calls.append("expire")
      case .revokeRefresh: state.calls.append("revoke")
      case .fail(let status, let count):
        state.calls.append("fail \(status) \(count)")
        state.faults.failureStatus = count == 0 ? nil : status
        state.faults.failuresRemaining = count
      case .offline(let isOffline):
        state.calls.append("offline \(isOffline)")
        state.faults.isOffline = isOffline
      case .latency(let milliseconds):
        state.calls.append("latency \(Duration.milliseconds(milliseconds))")
        state.faults.latencyMilliseconds = milliseconds
      case .malform(let kind, let count):
        state.calls.append("malform \(kind.rawValue) \(count)")
        state.faults.malformedReply = count == 0 ? nil : kind
        state.faults.malformedRemaining = count
      case .reset:
        state.calls.append("reset")
        state.faults = .none
      }
      return state.faults
    }
  }
}
