import CardREPL
import CardSandbox

/// The REPL's ``CardREPL/SandboxControlling`` over the in-process sandbox.
struct SandboxController: SandboxControlling {
  let sandbox: CardSandbox

  func expireAccessTokens() async throws(SandboxControlError) {
    do { try await sandbox.expireAccessTokens() } catch { throw Self.storage(error) }
  }

  func revokeRefreshTokens() async throws(SandboxControlError) {
    do { try await sandbox.revokeRefreshTokens() } catch { throw Self.storage(error) }
  }

  func failNext(status: Int, count: Int) async throws(SandboxControlError) {
    do {
      try await sandbox.failNext(status: status, count: count)
    } catch {
      throw SandboxControlError(.invalidArgument, error.description)
    }
  }

  func setOffline(_ isOffline: Bool) async {
    await sandbox.setOffline(isOffline)
  }

  func setLatency(_ latency: Duration) async throws(SandboxControlError) {
    do {
      try await sandbox.setLatency(latency)
    } catch {
      throw SandboxControlError(.invalidArgument, error.description)
    }
  }

  func reset() async throws(SandboxControlError) {
    do { try await sandbox.reset() } catch { throw Self.storage(error) }
  }

  func faults() async -> SandboxFaultSummary {
    let faults = await sandbox.faults
    let (seconds, attoseconds) = faults.latency.components
    return SandboxFaultSummary(
      isOffline: faults.isOffline,
      latencyMilliseconds: Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000),
      failureStatus: faults.failureStatus,
      failuresRemaining: faults.failuresRemaining)
  }

  private static func storage(_ error: SandboxStateError) -> SandboxControlError {
    SandboxControlError(.storage, error.description)
  }
}
