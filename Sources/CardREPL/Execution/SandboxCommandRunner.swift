/// Runs the `sandbox …` commands against the sandbox's controls.
struct SandboxCommandRunner {
  /// The controls; `nil` with a server backend.
  let sandbox: (any SandboxControlling)?

  func run(_ command: SandboxCommand) async throws(CommandFailure) -> CommandOutput {
    guard let sandbox else {
      throw CommandFailure(.invalid, "sandbox commands need the sandbox backend")
    }
    do {
      switch command {
      case .expireToken: try await sandbox.expireAccessTokens()
      case .revokeRefresh: try await sandbox.revokeRefreshTokens()
      case .fail(let status, let count): try await sandbox.failNext(status: status, count: count)
      case .offline(let isOffline): await sandbox.setOffline(isOffline)
      case .latency(let milliseconds): try await sandbox.setLatency(.milliseconds(milliseconds))
      case .reset: try await sandbox.reset()
      }
    } catch {
      switch error.kind {
      case .invalidArgument: throw CommandFailure(.invalid, error.message)
      case .storage: throw CommandFailure(.serverErr, error.message)
      case .cancelled: throw CommandFailure.cancelled
      }
    }
    return .sandbox(command, await sandbox.faults())
  }
}
