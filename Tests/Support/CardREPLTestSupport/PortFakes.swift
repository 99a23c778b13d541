import CardPrimitives
import CardREPL

/// A log switch that only remembers whether it is on, for checking that `log on` and
/// `log off` reach it.
package final class FakeLogSwitch: RequestLogSwitch {
  private let state = Protected(false)

  package init() {}

  package var isEnabled: Bool { state.withLock { $0 } }
  package func setEnabled(_ isEnabled: Bool) { state.withLock { $0 = isEnabled } }
}

/// Notes posted by the test and handed out once, as the composition's note board hands out
/// what the pipeline posted.
package final class FakeNotes: SessionNotes {
  private let notes = Protected<[SessionNote]>([])

  package init() {}

  package func post(_ note: SessionNote) { notes.withLock { $0.append(note) } }
  package func takeNotes() -> [SessionNote] {
    notes.withLock { notes in
      defer { notes.removeAll() }
      return notes
    }
  }
}

/// Sandbox controls that record each command they are given, in a short text such as
/// `fail 503 2`, and report the faults those commands set.
package final class FakeSandboxControls: SandboxControlling {
  private let state = Protected(SandboxFaultSummary.none)
  private let log = Protected<[String]>([])

  package init() {}

  /// The commands given so far, in order: `expire`, `revoke`, `fail <status> <count>`,
  /// `offline <Bool>`, `latency <Duration>` and `reset`.
  package var calls: [String] { log.withLock { $0 } }

  private func record(_ call: String) { log.withLock { $0.append(call) } }

  /// Records `expire`.
  package func expireAccessTokens() async throws(SandboxControlError) { record("expire") }
  /// Records `revoke`.
  package func revokeRefreshTokens() async throws(SandboxControlError) { record("revoke") }
  /// Records the call and queues the failures in the reported faults.
  package func failNext(status: Int, count: Int) async throws(SandboxControlError) {
    record("fail \(status) \(count)")
    state.withLock {
      $0.failureStatus = count == 0 ? nil : status
      $0.failuresRemaining = count
    }
  }
  /// Records the call and reports the sandbox offline or online.
  package func setOffline(_ isOffline: Bool) async {
    record("offline \(isOffline)")
    state.withLock { $0.isOffline = isOffline }
  }
  /// Records the call and reports the latency in whole milliseconds.
  package func setLatency(_ latency: Duration) async throws(SandboxControlError) {
    record("latency \(latency)")
    state.withLock { $0.latencyMilliseconds = Int(latency / .milliseconds(1)) }
  }
  /// Records `reset` and clears every reported fault.
  package func reset() async throws(SandboxControlError) {
    record("reset")
    state.withLock { $0 = .none }
  }
  /// The faults the commands so far have set.
  package func faults() async -> SandboxFaultSummary { state.withLock { $0 } }
}
