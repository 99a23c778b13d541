import CardData
import CardInfrastructure
import CardTestSupport

/// A refresh that holds the store's locks until the test finishes it, so that a test can act
/// while a refresh is in flight (queue calls behind it, load, give up) without guessing how
/// long anything takes.
struct HeldRefresh {
  /// The store's `refreshCredential` call.
  let task: Task<AuthCredential, any Error>
  private let release: Gate

  /// Starts refreshing `credential(generation: 1)` into generation 2 on `store` and returns
  /// once the refresh closure runs, that is while the store's locks are held (or once the
  /// call failed before it got there; ``finish()`` then throws its error).
  static func start(on store: EncryptedFileCredentialStore) async throws -> HeldRefresh {
    let entered = Gate()
    let release = Gate()
    let task = Task {
      defer { entered.open() }
      return try await store.refreshCredential(replacing: credential(generation: 1)) { _ in
        entered.open()
        try? await release.wait()
        return credential(generation: 2)
      }
    }
    try await entered.wait()
    return HeldRefresh(task: task, release: release)
  }

  /// Lets the refresh return generation 2; returns what the store's call returned.
  func finish() async throws -> AuthCredential {
    release.open()
    return try await task.value
  }
}
