import CardDomain
import CardREPL
import CardTestSupport
import Foundation
import Synchronization

/// A log switch that remembers its state.
final class FakeLogSwitch: RequestLogSwitch {
  private let state = Mutex(false)
  var isEnabled: Bool { state.withLock { $0 } }
  func setEnabled(_ isEnabled: Bool) { state.withLock { $0 = isEnabled } }
}

/// Notes posted by the test, handed out once.
final class FakeNotes: SessionNotes {
  private let notes = Mutex<[SessionNote]>([])
  func post(_ note: SessionNote) { notes.withLock { $0.append(note) } }
  func takeNotes() -> [SessionNote] {
    notes.withLock { notes in
      defer { notes.removeAll() }
      return notes
    }
  }
}

/// A recovery that moves nothing, or fails, and counts its calls.
final class FakeRecovery: SessionRecovery {
  private let calls = Mutex(0)
  let destination: String?
  let failure: SessionRecoveryError?

  init(destination: String? = nil, failure: SessionRecoveryError? = nil) {
    self.destination = destination
    self.failure = failure
  }

  var callCount: Int { calls.withLock { $0 } }

  func setAsideUnreadableSession() async throws(SessionRecoveryError) -> String? {
    calls.withLock { $0 += 1 }
    if let failure { throw failure }
    return destination
  }
}

/// Sandbox controls that record the faults they were given.
final class FakeSandboxControls: SandboxControlling {
  private let state = Mutex(SandboxFaultSummary.none)
  private let log = Mutex<[String]>([])

  var calls: [String] { log.withLock { $0 } }

  private func record(_ call: String) { log.withLock { $0.append(call) } }

  func expireAccessTokens() async throws(SandboxControlError) { record("expire") }
  func revokeRefreshTokens() async throws(SandboxControlError) { record("revoke") }
  func failNext(status: Int, count: Int) async throws(SandboxControlError) {
    record("fail \(status) \(count)")
    state.withLock {
      $0.failureStatus = count == 0 ? nil : status
      $0.failuresRemaining = count
    }
  }
  func setOffline(_ isOffline: Bool) async {
    record("offline \(isOffline)")
    state.withLock { $0.isOffline = isOffline }
  }
  func setLatency(_ latency: Duration) async throws(SandboxControlError) {
    record("latency \(latency)")
    state.withLock { $0.latencyMilliseconds = Int(latency / .milliseconds(1)) }
  }
  func reset() async throws(SandboxControlError) {
    record("reset")
    state.withLock { $0 = .none }
  }
  func faults() async -> SandboxFaultSummary { state.withLock { $0 } }
}

/// A card repository whose list call waits until its task is cancelled, and says when it
/// started waiting.
final class HangingCardRepository: CardRepository {
  let started: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() { (started, continuation) = AsyncStream.makeStream() }

  func cards() async throws(CardError) -> [Card] {
    continuation.yield()
    do {
      try await Task.sleep(for: .seconds(60))
    } catch {
      throw .cancelled
    }
    return []
  }
  func card(id: CardID) async throws(CardError) -> Card { throw .signedOut }
  func create(_ draft: CardDraft) async throws(CardError) -> Card { throw .signedOut }
  func reorder(_ ids: [CardID]) async throws(CardError) -> [Card] { throw .signedOut }
  func delete(id: CardID) async throws(CardError) {}
}

/// Services over the given repositories and fakes.
func fakeServices(
  cards: any CardRepository = SpyCardRepository(),
  auth: any AuthRepository = SpyAuthRepository(),
  sandbox: (any SandboxControlling)? = FakeSandboxControls(),
  requestLog: any RequestLogSwitch = FakeLogSwitch(),
  notes: any SessionNotes = FakeNotes(),
  recovery: any SessionRecovery = FakeRecovery()
) -> REPLServices {
  REPLServices(
    cards: cards, auth: auth, sandbox: sandbox, requestLog: requestLog, notes: notes,
    sessionRecovery: recovery, backendName: "fake")
}

/// A card with every field set.
func sampleCard(id: String = "c1", name: String = "Kim Minji") throws -> Card {
  Card(
    id: try CardID(id), owner: try UserID("demo"), name: name, title: "SOPT 29th iOS",
    birthday: try Birthday("1999-03-02"), mbti: try MBTI("INFP"), instagram: "minji.dev",
    link: URL(string: "https://example.com/minji"), description: "iOS developer",
    defaultImage: try DefaultImage(2), imageURL: URL(string: "/card/c1/image"),
    tmis: try TMIList(["likes coffee", "runs marathons"]))
}
