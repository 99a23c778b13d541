import CardData
import CardDomain
import CardInfrastructure
import Foundation
import Testing

/// Counts calls of a refresh closure.
actor RefreshCounter {
  private(set) var count = 0
  func increment() { count += 1 }
}

@Suite("Encrypted file store: refreshing under the lock")
struct RefreshTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  @Test func aStaleCredentialIsRefreshedOnceAndTheResultSaved() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let calls = RefreshCounter()
    let fresh = try await store.refreshCredential(replacing: credential(generation: 1)) { stale in
      await calls.increment()
      #expect(stale == credential(generation: 1))
      return credential(generation: 2)
    }
    #expect(fresh == credential(generation: 2))
    #expect(await calls.count == 1)
    #expect(try await fixture.keyFileStore().load() == credential(generation: 2))
  }

  @Test func anAlreadyRefreshedCredentialIsReturnedWithoutRefreshing() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 5))
    let calls = RefreshCounter()
    let result = try await store.refreshCredential(replacing: credential(generation: 4)) { _ in
      await calls.increment()
      return credential(generation: 99)
    }
    #expect(result == credential(generation: 5))
    #expect(await calls.count == 0)
    #expect(try await store.load() == credential(generation: 5))
  }

  @Test func anEmptyStoreIsSignedOutWithoutRefreshing() async throws {
    let store = try fixture.keyFileStore()
    let calls = RefreshCounter()
    await #expect(throws: CredentialRefreshError.signedOut) {
      try await store.refreshCredential(replacing: credential(generation: 1)) { _ in
        await calls.increment()
        return credential(generation: 2)
      }
    }
    #expect(await calls.count == 0)
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

  @Test func concurrentCallersInOneProcessRefreshOnce() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let calls = RefreshCounter()
    let results = try await withThrowingTaskGroup(of: AuthCredential.self) { group in
      for _ in 0..<20 {
        group.addTask {
          try await store.refreshCredential(replacing: credential(generation: 1)) { stale in
            await calls.increment()
            try? await Task.sleep(for: .milliseconds(20))  // suspend while holding the lock
            return credential(generation: 2)
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 20)
    #expect(results.allSatisfy { $0 == credential(generation: 2) })
    #expect(await calls.count == 1)
  }

  @Test func twoStoreInstancesOnOneDirectoryRefreshOnce() async throws {
    let stores = [try fixture.keyFileStore(), try fixture.keyFileStore()]
    try await stores[0].save(credential(generation: 1))
    let calls = RefreshCounter()
    try await withThrowingTaskGroup(of: AuthCredential.self) { group in
      for index in 0..<10 {
        let store = stores[index % 2]
        group.addTask {
          try await store.refreshCredential(replacing: credential(generation: 1)) { _ in
            await calls.increment()
            try? await Task.sleep(for: .milliseconds(20))
            return credential(generation: 2)
          }
        }
      }
      for try await result in group { #expect(result == credential(generation: 2)) }
    }
    #expect(await calls.count == 1)
  }

  @Test func loadsDuringARefreshSeeTheOldCredentialThenTheNewOne() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let (entered, enter) = AsyncStream<Void>.makeStream()
    let (proceed, release) = AsyncStream<Void>.makeStream()
    let refreshing = Task {
      try await store.refreshCredential(replacing: credential(generation: 1)) { _ in
        enter.yield()
        for await _ in proceed { break }
        return credential(generation: 2)
      }
    }
    for await _ in entered { break }
    #expect(try await store.load() == credential(generation: 1))
    release.yield()
    #expect(try await refreshing.value == credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
  }
}
