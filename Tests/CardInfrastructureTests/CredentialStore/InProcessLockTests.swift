import CardData
import CardDomain
import CardInfrastructure
import Foundation
import Testing

/// A refresh that holds the store's locks until the test lets it finish.
private struct HeldRefresh {
  let task: Task<AuthCredential, any Error>
  let finish: AsyncStream<Void>.Continuation

  /// Starts refreshing `credential(generation: 1)` into generation 2 and returns once the
  /// refresh closure runs, that is while the locks are held.
  static func start(on store: EncryptedFileCredentialStore) async -> HeldRefresh {
    let (entered, enter) = AsyncStream<Void>.makeStream()
    let (proceed, finish) = AsyncStream<Void>.makeStream()
    let task = Task {
      try await store.refreshCredential(replacing: credential(generation: 1)) { _ in
        enter.yield()
        for await _ in proceed { break }
        return credential(generation: 2)
      }
    }
    for await _ in entered { break }
    return HeldRefresh(task: task, finish: finish)
  }
}

@Suite("Encrypted file store: waiting for another call in the same process")
struct InProcessLockTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  @Test(arguments: ["save", "clear", "clear(ifStill:)"])
  func aCancelledCallWaitingBehindASlowRefreshEndsAtOnce(operation: String) async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let refresh = await HeldRefresh.start(on: store)

    let waiting = Task {
      await storeError {
        switch operation {
        case "save": try await store.save(credential(generation: 9))
        case "clear": try await store.clear()
        default: try await store.clear(ifStill: credential(generation: 1))
        }
      }
    }
    try await Task.sleep(for: .milliseconds(50))
    let started = ContinuousClock.now
    waiting.cancel()
    let error = await waiting.value
    #expect(ContinuousClock.now - started < .seconds(10))
    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("cancelled while waiting for another call") == true)

    refresh.finish.yield()
    #expect(try await refresh.task.value == credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
  }

  @Test func aCallWaitingBehindASlowRefreshGivesUpAfterTheLockTimeout() async throws {
    var configuration = fixture.keyFileConfiguration
    configuration.lockTimeout = .milliseconds(200)
    let store = try EncryptedFileCredentialStore(configuration: configuration)
    try await store.save(credential(generation: 1))
    let refresh = await HeldRefresh.start(on: store)

    let started = ContinuousClock.now
    let error = await storeError { try await store.save(credential(generation: 9)) }
    let elapsed = ContinuousClock.now - started
    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("timed out after 0.2 seconds") == true)
    #expect(error?.message.contains("in this process") == true)
    #expect(elapsed >= .milliseconds(190) && elapsed < .seconds(10))

    refresh.finish.yield()
    #expect(try await refresh.task.value == credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
  }

  @Test func callsThatGaveUpLeaveTheQueueAndTheOthersKeepTheirOrder() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let refresh = await HeldRefresh.start(on: store)

    let cancelled = Task { await storeError { try await store.save(credential(generation: 7)) } }
    try await Task.sleep(for: .milliseconds(20))
    let third = Task { try await store.save(credential(generation: 3)) }
    try await Task.sleep(for: .milliseconds(20))
    let fourth = Task { try await store.save(credential(generation: 4)) }
    try await Task.sleep(for: .milliseconds(20))
    cancelled.cancel()
    #expect(await cancelled.value?.message.contains("cancelled") == true)

    refresh.finish.yield()
    _ = try await refresh.task.value
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
