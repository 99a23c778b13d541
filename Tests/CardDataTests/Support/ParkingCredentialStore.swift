import CardData
import CardDomain
import CardTestSupport

/// A credential store in front of an ``InMemoryCredentialStore`` that can hold back the
/// answer of one `load()`: the value is read at once but returned only when the test says so,
/// the way a slow disk read returns a value that was current when the read began.
actor ParkingCredentialStore: CredentialStore {
  let inner: InMemoryCredentialStore
  private var parkNextLoad = false
  private var parked: CheckedContinuation<Void, Never>?
  /// How many times the interceptor asked to refresh, whether or not a refresh was made.
  private(set) var refreshRequests = 0

  init(_ inner: InMemoryCredentialStore) { self.inner = inner }

  var isHoldingALoad: Bool { parked != nil }

  /// Makes the next `load()` wait for ``releaseLoad()`` after reading.
  func parkNextLoad(_ park: Bool = true) { parkNextLoad = park }

  func releaseLoad() {
    parked?.resume()
    parked = nil
  }

  func load() async throws(CredentialStoreError) -> AuthCredential? {
    let value = try await inner.load()
    if parkNextLoad {
      parkNextLoad = false
      await withCheckedContinuation { parked = $0 }
    }
    return value
  }

  func save(_ credential: AuthCredential) async throws(CredentialStoreError) {
    await inner.save(credential)
  }

  func clear() async throws(CredentialStoreError) { await inner.clear() }

  func clear(ifStill credential: AuthCredential) async throws(CredentialStoreError) -> Bool {
    await inner.clear(ifStill: credential)
  }

  func refreshCredential(
    replacing stale: AuthCredential,
    using refresh: @escaping @Sendable (AuthCredential) async throws(CardError) -> AuthCredential
  ) async throws(CredentialRefreshError) -> AuthCredential {
    refreshRequests += 1
    return try await inner.refreshCredential(replacing: stale, using: refresh)
  }
}
