import CardData
import CardDomain
import CardInfrastructure
import CardTestingPrimitives
import Foundation
import Testing

/// A call queued behind a held refresh is known to be queued through the store's
/// `callQueued` seam; nothing waits for a guessed length of time.
@Suite(
  "Encrypted file store: waiting for another call in the same process", .timeLimit(.minutes(1)))
struct InProcessLockTests {
  let fixture: StoreFixture
  /// The calls that queued behind another call of the store under test.
  let queued = Tally()

  init() throws { fixture = try StoreFixture() }

  /// The default lock timeout (two minutes) outlasts the safety limit, so only the
  /// cancellation can end the waiting call; one that ignored it would hang and be stopped.
  @Test(arguments: ["save", "clear", "clear(ifStill:)"])
  func aCancelledCallWaitingBehindASlowRefreshEndsAtOnce(operation: String) async throws {
    let store = try fixture.keyFileStore(countingQueuedCallsIn: queued)
    try await store.save(credential(generation: 1))
    let refresh = try await HeldRefresh.start(on: store)

    let waiting = Task {
      await storeError {
        switch operation {
        case "save": try await store.save(credential(generation: 9))
        case "clear": try await store.clear()
        default: try await store.clear(ifStill: credential(generation: 1))
        }
      }
    }
    try await queued.wait(forAtLeast: 1)
    waiting.cancel()
    let error = await waiting.value
    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("cancelled while waiting for another call") == true)

    #expect(try await refresh.finish() == credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
  }

  /// A real timeout, kept short; the call is seen to queue behind the refresh, then to give
  /// up with the timeout's kind and message. How long it took is not measured.
  @Test func aCallWaitingBehindASlowRefreshGivesUpAfterTheLockTimeout() async throws {
    var configuration = fixture.keyFileConfiguration
    configuration.lockTimeout = .milliseconds(200)
    let store = try fixture.keyFileStore(
      configuration: configuration, countingQueuedCallsIn: queued)
    try await store.save(credential(generation: 1))
    let refresh = try await HeldRefresh.start(on: store)

    let error = await storeError { try await store.save(credential(generation: 9)) }
    #expect(queued.count == 1)
    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("timed out after 0.2 seconds") == true)
    #expect(error?.message.contains("in this process") == true)

    #expect(try await refresh.finish() == credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
  }

  @Test func callsThatGaveUpLeaveTheQueueAndTheOthersKeepTheirOrder() async throws {
    let store = try fixture.keyFileStore(countingQueuedCallsIn: queued)
    try await store.save(credential(generation: 1))
    let refresh = try await HeldRefresh.start(on: store)

    let cancelled = Task { await storeError { try await store.save(credential(generation: 7)) } }
    try await queued.wait(forAtLeast: 1)
    let third = Task { try await store.save(credential(generation: 3)) }
    try await queued.wait(forAtLeast: 2)
    let fourth = Task { try await store.save(credential(generation: 4)) }
    try await queued.wait(forAtLeast: 3)
    cancelled.cancel()
    #expect(await cancelled.value?.message.contains("cancelled") == true)

    _ = try await refresh.finish()
    try await third.value
    try await fourth.value
    #expect(try await store.load() == credential(generation: 4))
  }

  @Test(arguments: [Duration.seconds(-1), .seconds(24 * 3600 + 1), .seconds(Int64.max)])
  func aLockTimeoutOutsideZeroToADayIsAnInvalidConfiguration(_ timeout: Duration) {
    var configuration = fixture.keyFileConfiguration
    configuration.lockTimeout = timeout
    #expect {
      _ = try EncryptedFileCredentialStore(configuration: configuration)
    } throws: { error in
      (error as? CredentialStoreError)?.message.hasPrefix("invalid configuration: lockTimeout")
        == true
    }
  }
}
