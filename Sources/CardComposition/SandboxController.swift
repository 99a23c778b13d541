import CardData
import CardREPL
import CardSandbox

/// The `sandbox …` commands over the in-process sandbox. `reset` ends every session, so it
/// also clears this client's: the REPL must not keep showing a user the sandbox forgot.
struct SandboxController: SandboxControlling {
  let sandbox: Sandbox
  let store: any CredentialStore
  /// The step that mends the store, when clearing it fails.
  let advice: @Sendable (_ signingOut: Bool) -> String

  func run(_ command: SandboxCommand) async throws(CommandFailure) -> SandboxFaultSummary {
    do {
      switch command {
      case .expireToken: try await sandbox.expireAccessTokens()
      case .revokeRefresh: try await sandbox.revokeRefreshTokens()
      case .fail(let status, let count): try await sandbox.failNext(status: status, count: count)
      case .offline(let isOffline): await sandbox.setOffline(isOffline)
      case .latency(let milliseconds): try await sandbox.setLatency(.milliseconds(milliseconds))
      case .malform(let kind, let count):
        let reply: MalformedReply = kind == .envelope ? .envelope : .data
        try await sandbox.malformNext(reply, count: count)
      case .reset: try await sandbox.reset()
      }
    } catch let error as SandboxFaultError {
      throw CommandFailure(.invalid, error.description)
    } catch SandboxStateError.cancelled {
      throw .cancelled
    } catch {
      throw CommandFailure(.serverErr, "\(error)")
    }
    if command == .reset {
      do {
        try await store.clear()
      } catch {
        throw CommandFailure(
          .serverErr, "the sandbox was reset, but \(error.message). \(advice(true))")
      }
    }
    let faults = await sandbox.faults
    return SandboxFaultSummary(
      isOffline: faults.isOffline, latencyMilliseconds: faults.latencyMilliseconds,
      failureStatus: faults.failureStatus, failuresRemaining: faults.failuresRemaining,
      malformedReply: faults.malformedReply.map { $0 == .envelope ? .envelope : .data },
      malformedRemaining: faults.malformedRemaining)
  }
}
