import CardData
import CardPrimitives
import CardREPL
import CardSandbox
import Synchronization

/// `log on|off`: the redacting ``CardData/LoggingMonitor`` of both pipelines, whose lines
/// are written only while the log is on.
final class RequestLog: RequestLogSwitch {
  private let enabled: Atomic<Bool>
  private let write: @Sendable (String) -> Void

  init(isEnabled: Bool, write: @escaping @Sendable (String) -> Void) {
    enabled = Atomic(isEnabled)
    self.write = write
  }

  var isEnabled: Bool { enabled.load(ordering: .relaxed) }

  func setEnabled(_ isEnabled: Bool) { enabled.store(isEnabled, ordering: .relaxed) }

  var monitor: LoggingMonitor {
    LoggingMonitor(isEnabled: { [self] in isEnabled }, write: write)
  }
}

/// Posts ``CardREPL/SessionNote/accessTokenRefreshed`` when a token refresh succeeds, so
/// that the REPL can say that a transparent refresh happened.
struct RefreshNoticeMonitor: EventMonitor {
  let board: NoteBoard

  func requestFinished(_ metrics: RequestMetrics) {
    // `refresh` is the contract's name of the operation, which endpoints report as theirs.
    guard metrics.context.endpointName == "refresh",
      case .response(let status) = metrics.outcome, (200..<300).contains(status)
    else { return }
    board.post(.accessTokenRefreshed)
  }
}

/// Collects the notes that monitors post during a command, for the REPL to print after it.
final class NoteBoard: SessionNotes {
  private let notes = Protected<[SessionNote]>([])

  func post(_ note: SessionNote) { notes.withLock { $0.append(note) } }

  func takeNotes() -> [SessionNote] {
    notes.withLock { notes in
      defer { notes.removeAll() }
      return notes
    }
  }
}

/// The `sandbox …` commands over the in-process sandbox.
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
