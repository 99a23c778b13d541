import CardData
import CardREPL
import CardSandbox

/// The REPL's ``CardREPL/SandboxControlling`` over the in-process sandbox.
struct SandboxController: SandboxControlling {
  let sandbox: CardSandbox
  /// The client's session for this sandbox, ended with the sandbox's sessions on reset.
  let store: any CredentialStore

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

  /// Restores the seed state, which ends every session, and so ends this client's too:
  /// the REPL must not keep showing a user whose tokens the sandbox forgot.
  func reset() async throws(SandboxControlError) {
    do { try await sandbox.reset() } catch { throw Self.storage(error) }
    do {
      try await store.clear()
    } catch {
      throw SandboxControlError(.storage, "the sandbox was reset, but \(error.message)")
    }
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
    if case .cancelled = error { return SandboxControlError(.cancelled, error.description) }
    return SandboxControlError(.storage, error.description)
  }
}
