import CardData
import CardDomain
import CardInfrastructure
import CardPrimitives
import CardTestingPrimitives
import Foundation
import Testing

/// The concurrent tests hold the one refresh that runs until every other caller is known to
/// wait (queued behind it through the store's `callQueued` seam), then let it finish: the
/// callers overlap however the machine schedules them.
///
/// They start their callers one at a time, each once the previous one is seen waiting, so
/// the queue behind the refresh is known, in order, before the refresh is let go.
@Suite("Encrypted file store: refreshing under the lock", .timeLimit(.minutes(1)))
struct RefreshTests {
  let fixture: StoreFixture
  /// The calls of refresh closures.
  let calls = Tally()
  /// The calls that queued behind another call of their store.
  let queued = Tally()

  init() throws { fixture = try StoreFixture() }

  @Test func aStaleCredentialIsRefreshedOnceAndTheResultSaved() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let fresh = try await store.refreshCredential(replacing: credential(generation: 1)) { stale in
      calls.increment()
      #expect(stale == credential(generation: 1))
      return credential(generation: 2)
    }
    #expect(fresh == credential(generation: 2))
    #expect(calls.count == 1)
    #expect(try await fixture.keyFileStore().load() == credential(generation: 2))
  }

  @Test func anAlreadyRefreshedCredentialIsReturnedWithoutRefreshing() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 5))
    let result = try await store.refreshCredential(replacing: credential(generation: 4)) { _ in
      calls.increment()
      return credential(generation: 99)
    }
    #expect(result == credential(generation: 5))
    #expect(calls.count == 0)
    #expect(try await store.load() == credential(generation: 5))
  }

  @Test func anEmptyStoreIsSignedOutWithoutRefreshing() async throws {
    let store = try fixture.keyFileStore()
    await #expect(throws: CredentialRefreshError.signedOut) {
      try await store.refreshCredential(replacing: credential(generation: 1)) { _ in
        calls.increment()
        return credential(generation: 2)
      }
    }
    #expect(calls.count == 0)
    #expect(try await store.load() == nil)
  }

  @Test func aFailedRefreshPropagatesItsErrorAndKeepsTheOldCredential() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let before = try fixture.sealedBytes()
    let rejected = CardError.sessionExpired(reason: "refresh token revoked")
    await #expect(throws: CredentialRefreshError.refresh(rejected)) {
      try await store.refreshCredential(replacing: credential(generation: 1)) {
        _ throws(CardError) in throw rejected
      }
    }
    #expect(try fixture.sealedBytes() == before)
    #expect(try await store.load() == credential(generation: 1))
  }

  /// The key that seals the refreshed credential is read before the refresh call, so that
  /// only sealing and the atomic replace lie between the server's rotation and the stored
  /// reply: a key file that turns unreadable meanwhile no longer loses the rotated tokens.
  @Test func theSealingKeyIsReadBeforeTheRefreshCall() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let keyURL = fixture.keyURL
    let fresh = try await store.refreshCredential(replacing: credential(generation: 1)) { _ in
      try? setPermissions(0o644, of: keyURL)
      return credential(generation: 2)
    }
    #expect(fresh == credential(generation: 2))
    try setPermissions(0o600, of: keyURL)
    #expect(try await fixture.keyFileStore().load() == credential(generation: 2))
  }

  @Test func concurrentCallersInOneProcessRefreshOnce() async throws {
    let store = try fixture.keyFileStore(countingQueuedCallsIn: queued)
    try await store.save(credential(generation: 1))
    let release = Gate()
    let results = try await withThrowingTaskGroup(of: AuthCredential.self) { group in
      for index in 0..<20 {
        group.addTask { [calls] in
          try await store.refreshCredential(replacing: credential(generation: 1)) { _ in
            calls.increment()
            try? await release.wait()  // suspend while holding the lock
            return credential(generation: 2)
          }
        }
        // The first caller refreshes; each later one is seen queued behind it before the
        // next starts (see the suite's note on starting callers one at a time).
        if index == 0 {
          try await calls.wait(forAtLeast: 1)
        } else {
          try await queued.wait(forAtLeast: index)
        }
      }
      release.open()
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 20)
    #expect(results.allSatisfy { $0 == credential(generation: 2) })
    #expect(calls.count == 1)
  }

  /// The first caller refreshes through store 0 while holding both its locks; the second
  /// takes store 1's in-process lock and waits for the file lock; every later caller is seen
  /// queued behind the one of its own store before the next starts.
  @Test func twoStoreInstancesOnOneDirectoryRefreshOnce() async throws {
    let queuedOn = [Tally(), Tally()]
    let stores = [
      try fixture.keyFileStore(countingQueuedCallsIn: queuedOn[0]),
      try fixture.keyFileStore(countingQueuedCallsIn: queuedOn[1]),
    ]
    try await stores[0].save(credential(generation: 1))
    let release = Gate()
    try await withThrowingTaskGroup(of: AuthCredential.self) { group in
      for index in 0..<10 {
        let store = stores[index % 2]
        group.addTask { [calls] in
          try await store.refreshCredential(replacing: credential(generation: 1)) { _ in
            calls.increment()
            try? await release.wait()
            return credential(generation: 2)
          }
        }
        switch index {
        case 0: try await calls.wait(forAtLeast: 1)
        case 1: break  // The next call on store 1 shows this one holds its in-process lock.
        default: try await queuedOn[index % 2].wait(forAtLeast: index / 2)
        }
      }
      release.open()
      for try await result in group { #expect(result == credential(generation: 2)) }
    }
    #expect(calls.count == 1)
    #expect(queuedOn.map(\.count) == [4, 4])
  }

  @Test func loadsDuringARefreshSeeTheOldCredentialThenTheNewOne() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let refresh = try await HeldRefresh.start(on: store)
    #expect(try await store.load() == credential(generation: 1))
    #expect(try await refresh.finish() == credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
  }
}
