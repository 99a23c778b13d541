import CardDataTesting
import CardPrimitives
import CardTestingPrimitives
import Foundation
import Testing

@testable import CardSandbox

/// Two sandboxes on one state file, as two `card-repl` processes on one home have.
@Suite("Sandboxes sharing a state file")
struct SharedStateFileTests {
  @Test func cardsCreatedByEitherSandboxAreAllKeptWithIdsGivenOutOnce() async throws {
    let directory = try TemporaryDirectory()
    let first = try Sandbox(stateFile: directory.stateFile)
    let second = try Sandbox(stateFile: directory.stateFile)
    let session = try await first.login()
    let fromFirst = try await first.handle(
      Requests.create(.minimal(name: "A"), token: session.accessToken))
    let fromSecond = try await second.handle(
      Requests.create(.minimal(name: "B"), token: session.accessToken))
    #expect(try ParsedEnvelope(fromFirst).object()["cardId"] as? String == "c4")
    #expect(try ParsedEnvelope(fromSecond).object()["cardId"] as? String == "c5")
    #expect(try await first.cardIds(token: session.accessToken) == ["c1", "c2", "c4", "c5"])
    #expect(try await second.cardIds(token: session.accessToken) == ["c1", "c2", "c4", "c5"])
  }

  @Test func aListOneSandboxAnsweredIsAnsweredAnewOnceTheOtherChangedTheCards() async throws {
    let directory = try TemporaryDirectory()
    let first = try Sandbox(stateFile: directory.stateFile)
    let second = try Sandbox(stateFile: directory.stateFile)
    let session = try await first.login()
    #expect(try await first.cardIds(token: session.accessToken) == ["c1", "c2"])
    #expect(try await first.cardIds(token: session.accessToken) == ["c1", "c2"])
    #expect(
      try await second.handle(Requests.reorder(["c2", "c1"], token: session.accessToken))
        .status == 200)
    #expect(try await first.cardIds(token: session.accessToken) == ["c2", "c1"])
    #expect(try await second.handle("DELETE", "/card/c2", as: session).status == 200)
    #expect(try await first.cardIds(token: session.accessToken) == ["c1"])
  }

  @Test func aLoginInOneSandboxKeepsTheSessionsStartedInTheOther() async throws {
    let directory = try TemporaryDirectory()
    let first = try Sandbox(stateFile: directory.stateFile)
    let second = try Sandbox(stateFile: directory.stateFile)
    let fromFirst = try await first.login()
    let guest = try await second.login("guest", "guest")
    _ = try await second.login()
    #expect(try await second.cardIds(token: fromFirst.accessToken) == ["c1", "c2"])
    #expect(try await first.cardIds(token: guest.accessToken) == ["c3"])

    let refreshed = try await first.refresh(fromFirst.refreshToken)
    // The rotation is seen by the other sandbox: the spent token, reused within its interval,
    // answers the same successor; once the successor is used, the spent token is refused.
    #expect(try await second.refresh(fromFirst.refreshToken).refreshToken == refreshed.refreshToken)
    _ = try await second.refresh(refreshed.refreshToken)
    #expect(try await second.handle(Requests.refresh(fromFirst.refreshToken)).status == 401)
  }

  @Test func aLogoutADeleteAndAReorderInOneSandboxAreSeenByTheOther() async throws {
    let directory = try TemporaryDirectory()
    let first = try Sandbox(stateFile: directory.stateFile)
    let second = try Sandbox(stateFile: directory.stateFile)
    let session = try await first.login()
    #expect(
      try await second.handle("DELETE", "/card/c1", as: session)
        .status == 200)
    #expect(
      try await first.handle("GET", "/card/c1", as: session)
        .status == 404)
    #expect(
      try await first.handle(Requests.reorder(["c2"], token: session.accessToken)).status == 200)
    #expect(
      try await second.handle("POST", "/auth/logout", as: session)
        .status == 200)
    #expect(
      try await first.handle("GET", "/cards", as: session).status
        == 401)
  }

  @Test func resetAndTheTokenFaultsOfOneSandboxAreSeenByTheOtherIdsGoOn() async throws {
    let directory = try TemporaryDirectory()
    let clock = FakeWallClock()
    let first = try Sandbox(stateFile: directory.stateFile, clock: clock.now)
    let second = try Sandbox(stateFile: directory.stateFile, clock: clock.now)
    let session = try await first.login()
    try await second.revokeRefreshTokens()
    #expect(try await first.handle(Requests.refresh(session.refreshToken)).status == 401)
    try await second.expireAccessTokens()
    #expect(
      try await first.handle("GET", "/cards", as: session).status
        == 401)

    let again = try await first.login()
    #expect(
      try await first.handle(Requests.create(.minimal(), token: again.accessToken)).status == 201)
    try await second.reset()
    #expect(
      try await first.handle("GET", "/cards", as: again).status
        == 401)
    let afterReset = try await first.login()
    #expect(try await first.cardIds(token: afterReset.accessToken) == ["c1", "c2"])
    let created = try await first.handle(
      Requests.create(.minimal(), token: afterReset.accessToken))
    #expect(try ParsedEnvelope(created).object()["cardId"] as? String == "c5")
  }

  @Test func injectedFaultsStayWithTheSandboxTheyWereInjectedInto() async throws {
    let directory = try TemporaryDirectory()
    let first = try Sandbox(stateFile: directory.stateFile)
    let second = try Sandbox(stateFile: directory.stateFile)
    try await first.failNext(status: 503)
    await first.setOffline(true)
    #expect(await second.faults == .none)
    #expect(try await second.handle(Requests.login()).status == 200)
  }

  @Test func concurrentCreatesFromBothSandboxesLoseNoCardAndGiveNoIdTwice() async throws {
    let directory = try TemporaryDirectory()
    let first = try Sandbox(stateFile: directory.stateFile)
    let second = try Sandbox(stateFile: directory.stateFile)
    let token = try await first.login().accessToken
    let perSandbox = 20
    let ids = try await withThrowingTaskGroup(of: String?.self) { group in
      for index in 0..<(2 * perSandbox) {
        let sandbox = index.isMultiple(of: 2) ? first : second
        group.addTask {
          let response = try await sandbox.handle(
            Requests.create(.minimal(name: "card \(index)"), token: token))
          return try ParsedEnvelope(response).object()["cardId"] as? String
        }
      }
      var ids: [String] = []
      for try await id in group { ids.append(try #require(id)) }
      return ids
    }
    let expected = (4..<(4 + 2 * perSandbox)).map { "c\($0)" }
    #expect(Set(ids) == Set(expected))
    #expect(ids.count == expected.count)
    let listed = try await second.cardIds(token: token)
    #expect(Set(listed) == Set(["c1", "c2"] + expected))
    #expect(listed.count == 2 + expected.count)
  }

  @Test func readsGoOnWhileAnotherProcessHoldsTheWriteLock() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try Sandbox(stateFile: directory.stateFile)
    let session = try await sandbox.login()
    // Another process takes the write lock and keeps it: the cards can still be read.
    let other = try SQLiteConnection(path: directory.stateFile.path)
    try other.execute("BEGIN EXCLUSIVE")
    #expect(try await sandbox.cardIds(token: session.accessToken) == ["c1", "c2"])
    try other.execute("ROLLBACK")
  }
}

/// SQLite's lock on the database, held here by a connection of the test's own, as another
/// process would hold it. Each test acts only once the sandbox has found the lock held and
/// is waiting for it.
@Suite("State file lock", .timeLimit(.minutes(1)))
struct StateFileLockTests {
  @Test func aRequestWaitsWhileAnotherProcessWritesAndIsAnsweredAfter() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try Sandbox(stateFile: directory.stateFile)
    let other = try SQLiteConnection(path: directory.stateFile.path)
    try other.execute("BEGIN IMMEDIATE")
    let request = try await startWaitingForTheLock { try await sandbox.handle(Requests.login()) }
    try other.execute("COMMIT")
    #expect(try await request.value.status == 200)
  }

  @Test func aRequestWaitingForTheLockIsCancelledAtOnce() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try Sandbox(stateFile: directory.stateFile)
    let other = try SQLiteConnection(path: directory.stateFile.path)
    try other.execute("BEGIN IMMEDIATE")
    let request = try await startWaitingForTheLock { try await sandbox.handle(Requests.login()) }
    request.cancel()
    await #expect(throws: SandboxTransportError.cancelled) { try await request.value }
    try other.execute("ROLLBACK")
  }

  @Test func aStateOperationWaitingForTheLockIsCancelledAndChangesNothing() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try Sandbox(stateFile: directory.stateFile)
    let session = try await sandbox.login()
    let other = try SQLiteConnection(path: directory.stateFile.path)
    try other.execute("BEGIN IMMEDIATE")
    let operation = try await startWaitingForTheLock { try await sandbox.revokeRefreshTokens() }
    operation.cancel()
    await #expect(throws: SandboxStateError.cancelled(path: directory.stateFile.path)) {
      try await operation.value
    }
    try other.execute("ROLLBACK")
    #expect(try await sandbox.handle(Requests.refresh(session.refreshToken)).status == 200)
  }

  /// Starts `operation` in a task and returns the task once it has found the lock held, so
  /// that it is waiting for the lock, not about to take it.
  private func startWaitingForTheLock<Success: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Success
  ) async throws -> Task<Success, any Error> {
    let contended = Tally()
    let report: @Sendable () -> Void = { contended.increment() }
    let task = SandboxDatabase.$contended.withValue(report) { Task { try await operation() } }
    try await contended.wait(forAtLeast: 1)
    return task
  }
}
