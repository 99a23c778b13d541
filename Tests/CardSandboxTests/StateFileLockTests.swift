import CardSandbox
import CardTestSupport
import Foundation
import Testing

/// The lock beside the state file, held here the way another process would hold it.
@Suite("State file lock")
struct StateFileLockTests {
  @Test("a request waits while another process holds the lock and is answered after")
  func waitsForLock() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try CardSandbox(stateFile: directory.stateFile)
    let before = try Data(contentsOf: directory.stateFile)
    let held = try HeldLock(path: directory.lockFile.path)
    let request = Task { try await sandbox.handle(Requests.login()) }
    try await Task.sleep(for: .milliseconds(100))
    #expect(try Data(contentsOf: directory.stateFile) == before)
    held.release()
    #expect(try await request.value.status == 200)
    #expect(try Data(contentsOf: directory.stateFile) != before)
  }

  @Test("a request waiting for the lock is cancelled at once")
  func requestCancelled() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try CardSandbox(stateFile: directory.stateFile)
    let held = try HeldLock(path: directory.lockFile.path)
    let request = Task { try await sandbox.handle(Requests.login()) }
    try await Task.sleep(for: .milliseconds(50))
    request.cancel()
    await #expect(throws: SandboxTransportError.cancelled) { try await request.value }
    held.release()
  }

  @Test("a state operation waiting for the lock is cancelled and changes nothing")
  func operationCancelled() async throws {
    let directory = try TemporaryDirectory()
    let sandbox = try CardSandbox(stateFile: directory.stateFile)
    let session = try await sandbox.login()
    let held = try HeldLock(path: directory.lockFile.path)
    let operation = Task { try await sandbox.revokeRefreshTokens() }
    try await Task.sleep(for: .milliseconds(50))
    operation.cancel()
    await #expect(throws: SandboxStateError.cancelled(path: directory.lockFile.path)) {
      try await operation.value
    }
    held.release()
    #expect(try await sandbox.handle(Requests.refresh(session.refreshToken)).status == 200)
  }
}
