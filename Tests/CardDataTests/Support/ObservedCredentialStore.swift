import CardData
import CardDataTesting
import CardDomain
import CardTestingPrimitives

/// The credential store the authentication tests hand to the middleware: an
/// ``InMemoryCredentialStore`` behind a window through which a test sees, and holds back,
/// what the middleware does with it.
///
/// - **Which requests have begun.** A request sent by ``AuthFixture/sendConcurrently(_:)``
///   carries its number in ``RequestNumber``; every `load()` notes it as it is called, so
///   ``waitUntilRequestsHaveReadTheStore(_:)`` returns once that many different requests have
///   asked for the credential, which a request does only after it has begun.
/// - **A slow read.** After ``parkNextLoad()``, the next `load()` reads the credential at once
///   but returns it only on ``releaseLoad()``, the way a slow disk read returns a value that
///   was current when the read began.
actor ObservedCredentialStore: CredentialStore {
  let inner: InMemoryCredentialStore
  private var readers: Set<Int> = []
  private let distinctReaders = Tally()
  private var parkNextLoad = false
  private var parked: CheckedContinuation<Void, Never>?
  private let parkedLoads = Tally()
  /// How many times the middleware asked to refresh, whether or not a refresh was made.
  private(set) var refreshRequests = 0

  init(_ inner: InMemoryCredentialStore) { self.inner = inner }

  /// Returns once `count` different numbered requests have asked for the credential.
  nonisolated func waitUntilRequestsHaveReadTheStore(_ count: Int) async throws {
    try await distinctReaders.wait(forAtLeast: count)
  }

  /// Makes the next `load()` wait for ``releaseLoad()`` after reading.
  func parkNextLoad(_ park: Bool = true) { parkNextLoad = park }

  /// Returns once a `load()` is parked.
  nonisolated func waitUntilALoadIsParked() async throws {
    try await parkedLoads.wait(forAtLeast: 1)
  }

  func releaseLoad() {
    parked?.resume()
    parked = nil
  }

  func load() async throws(CredentialStoreError) -> AuthCredential? {
    if let number = RequestNumber.current, readers.insert(number).inserted {
      distinctReaders.increment()
    }
    let value = try await inner.load()
    if parkNextLoad {
      parkNextLoad = false
      await withCheckedContinuation {
        parked = $0
        parkedLoads.increment()
      }
    }
    return value
  }

  func save(_ credential: AuthCredential) async throws(CredentialStoreError) {
    try await inner.save(credential)
  }

  func clear() async throws(CredentialStoreError) -> ClearedCredential {
    try await inner.clear()
  }

  func clear(ifStill credential: AuthCredential) async throws(CredentialStoreError) -> Bool {
    try await inner.clear(ifStill: credential)
  }

  func refreshCredential(
    replacing stale: AuthCredential,
    using refresh: @escaping @Sendable (AuthCredential) async throws(CardError) -> AuthCredential
  ) async throws(CredentialRefreshError) -> AuthCredential {
    refreshRequests += 1
    return try await inner.refreshCredential(replacing: stale, using: refresh)
  }
}

/// The number of a request sent by ``AuthFixture/sendConcurrently(_:)``, visible to
/// everything that request's task calls.
enum RequestNumber {
  @TaskLocal static var current: Int?
}
