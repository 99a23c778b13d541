import CardPrimitives
import CardSandbox
import CardTestSupport
import Foundation
import Testing

/// The lock beside the state file, held here the way another process would hold it (each
/// `FileLock` opens the file anew, so it excludes the sandbox as another process does). Each
/// test acts only once the sandbox has found the lock held and is waiting for it.
@Suite("State file lock", .timeLimit(.minutes(1)))
struct StateFileLockTests {
  @Test("a request waits while another process holds the lock and is answered after")
  func waitsForLock() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try CardSandbox(stateFile: directory.stateFile)
    let before = try Data(contentsOf: directory.stateFile)
    let held = try FileLock.acquireBlocking(path: directory.lockFile.path)
    let request = try await startWaitingForTheLock { try await sandbox.handle(Requests.login()) }
    #expect(try Data(contentsOf: directory.stateFile) == before)
    held.release()
    #expect(try await request.value.status == 200)
    #expect(try Data(contentsOf: directory.stateFile) != before)
  }

  @Test("a request waiting for the lock is cancelled at once")
  func requestCancelled() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try CardSandbox(stateFile: directory.stateFile)
    let held = try FileLock.acquireBlocking(path: directory.lockFile.path)
    let request = try await startWaitingForTheLock { try await sandbox.handle(Requests.login()) }
    request.cancel()
    await #expect(throws: SandboxTransportError.cancelled) { try await request.value }
    held.release()
  }

  @Test("a state operation waiting for the lock is cancelled and changes nothing")
  func operationCancelled() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try CardSandbox(stateFile: directory.stateFile)
    let session = try await sandbox.login()
    let held = try FileLock.acquireBlocking(path: directory.lockFile.path)
    let operation = try await startWaitingForTheLock { try await sandbox.revokeRefreshTokens() }
    operation.cancel()
    await #expect(throws: SandboxStateError.cancelled(path: directory.lockFile.path)) {
      try await operation.value
    }
    held.release()
    #expect(try await sandbox.handle(Requests.refresh(session.refreshToken)).status == 200)
  }

  /// Starts `operation` in a task and returns the task once it has found the lock held, so
  /// that it is waiting for the lock, not about to take it.
  private func startWaitingForTheLock<Success: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Success
  ) async throws -> Task<Success, any Error> {
    let contended = Tally()
    let report: @Sendable () -> Void = { contended.increment() }
    let task = FileLock.$contended.withValue(report) { Task { try await operation() } }
    try await contended.wait(forAtLeast: 1)
    return task
  }
}
