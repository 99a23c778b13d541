import CardData
import CardDomain
import Foundation
import Synchronization

/// The app's own credential store: each service's credential as JSON in memory, where an app
/// on Apple platforms would keep it in the Keychain. Handles of one service share its storage
/// and its lock, as two processes share one keychain item; `CredentialStoreSpec` holds it to
/// the port's contract (MyAppTests).
struct AppCredentialStore: CredentialStore {
  private let item: Item

  init(service: String) {
    item = Item.named(service)
  }

  /// Makes the service's stored bytes unreadable, as a damaged keychain item would be.
  static func overwriteWithGarbage(service: String) throws {
    Item.named(service).bytes.withLock { $0 = Data("not a credential".utf8) }
  }

  func load() async throws(CredentialStoreError) -> AuthCredential? {
    try item.read()
  }

  func save(_ credential: AuthCredential) async throws(CredentialStoreError) {
    try await item.locked { () throws(CredentialStoreError) in
      _ = try item.read()  // an unreadable item is never replaced, only cleared
      item.write(credential)
    }
  }

  func clear() async throws(CredentialStoreError) -> ClearedCredential {
    try await item.locked { () throws(CredentialStoreError) in
      do {
        _ = try item.read()
        item.write(nil)
        return .removed
      } catch {
        item.setAside()
        return .setAside(at: "\(item.service).unreadable")
      }
    }
  }

  func clear(ifStill credential: AuthCredential) async throws(CredentialStoreError) -> Bool {
    try await item.locked { () throws(CredentialStoreError) in
      guard try item.read() == credential else { return false }
      item.write(nil)
      return true
    }
  }

  func refreshCredential(
    replacing stale: AuthCredential,
    using refresh: @escaping @Sendable (AuthCredential) async throws(CardError) -> AuthCredential
  ) async throws(CredentialRefreshError) -> AuthCredential {
    guard await item.lock.lock() else { throw .storage(Item.cancelled) }
    defer { item.lock.unlock() }
    let current: AuthCredential?
    do {
      current = try item.read()
    } catch {
      throw .storage(error)
    }
    guard let current else { throw .signedOut }
    guard current == stale else { return current }
    let refreshed: AuthCredential
    do {
      refreshed = try await refresh(current)
    } catch {
      throw .refresh(error)
    }
    item.write(refreshed)
    return refreshed
  }

  /// One service's storage, shared by every handle on it.
  private final class Item: Sendable {
    static let cancelled = CredentialStoreError(
      .unavailable, "cancelled while waiting for the credential store")
    private static let items = Mutex<[String: Item]>([:])

    let service: String
    let bytes = Mutex<Data?>(nil)
    let lock = AsyncLock()

    static func named(_ service: String) -> Item {
      items.withLock { items in
        if let item = items[service] { return item }
        let item = Item(service: service)
        items[service] = item
        return item
      }
    }

    private init(service: String) {
      self.service = service
    }

    func read() throws(CredentialStoreError) -> AuthCredential? {
      guard let data = bytes.withLock({ $0 }) else { return nil }
      do {
        return try JSONDecoder().decode(AuthCredential.self, from: data)
      } catch {
        throw CredentialStoreError(.corrupted, "the stored credential of \(service) is unreadable")
      }
    }

    func write(_ credential: AuthCredential?) {
      let data = credential.flatMap { try? JSONEncoder().encode($0) }
      bytes.withLock { $0 = data }
    }

    /// Where a real store would move the unreadable bytes for inspection; here they go.
    func setAside() {
      bytes.withLock { $0 = nil }
    }

    func locked<Value>(_ body: () throws(CredentialStoreError) -> Value)
      async throws(CredentialStoreError) -> Value
    {
      guard await lock.lock() else { throw Self.cancelled }
      defer { lock.unlock() }
      return try body()
    }
  }
}
