import CardData
import CardInfrastructure
import CardTestingPrimitives
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A private temporary directory for one test, and the store helpers the tests share.
///
/// Suites hold one in a stored property, so a fresh directory exists for each test and is
/// removed when the suite instance goes away after the test.
final class StoreFixture: Sendable {
  /// The temporary directory, mode 0700 like a directory made by `mkdtemp`; the store lives
  /// in `home` below it, and the tests put other files (logs, a key elsewhere) beside it.
  let root: URL
  /// The store's directory, which does not exist until the store creates it.
  let home: URL
  /// Owns `root` and deletes it with the fixture.
  private let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    root = directory.url
    home = root.appendingPathComponent("home", isDirectory: true)
    try setPermissions(0o700, of: root)
  }

  /// A key-file configuration with the default locations in `home`.
  var keyFileConfiguration: EncryptedFileCredentialStore.Configuration {
    EncryptedFileCredentialStore.Configuration(directory: home)
  }

  func keyFileStore() throws -> EncryptedFileCredentialStore {
    try EncryptedFileCredentialStore(configuration: keyFileConfiguration)
  }

  /// A store with `configuration` (by default the key-file one) that counts in `queued` each
  /// call that has to wait behind another call of the same store (see
  /// `EncryptedFileCredentialStore.init(configuration:minimumIterationsForTesting:callQueued:)`).
  func keyFileStore(
    configuration: EncryptedFileCredentialStore.Configuration? = nil,
    countingQueuedCallsIn queued: Tally
  ) throws -> EncryptedFileCredentialStore {
    try EncryptedFileCredentialStore(
      configuration: configuration ?? keyFileConfiguration,
      minimumIterationsForTesting: EncryptedFileCredentialStore.KeySource
        .minimumPassphraseIterations,
      callQueued: { queued.increment() })
  }

  /// A passphrase store with a test-sized iteration count.
  func passphraseStore(
    _ passphrase: String = "correct horse battery staple", iterations: UInt32 = 1_000
  ) throws -> EncryptedFileCredentialStore {
    try EncryptedFileCredentialStore(
      configuration: EncryptedFileCredentialStore.Configuration(
        directory: home, keySource: .passphrase(passphrase, iterations: iterations)),
      minimumIterationsForTesting: 1)
  }

  var sealedURL: URL { keyFileConfiguration.sealedFileURL }
  var keyURL: URL { EncryptedFileCredentialStore.Configuration.defaultKeyFileURL(in: home) }

  func sealedBytes() throws -> [UInt8] { Array(try Data(contentsOf: sealedURL)) }

  /// Overwrites the sealed file with `bytes`, as an attacker or a broken disk would.
  func overwriteSealedFile(with bytes: [UInt8]) throws {
    try Data(bytes).write(to: sealedURL)
  }

  func homeContents() throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: home.path))
  }
}

/// A fixture step that failed.
struct FixtureError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// The credential of `generation`: tokens `access-<n>` and `refresh-<n>`.
func credential(generation: Int, userID: String = "demo") -> AuthCredential {
  AuthCredential(
    userID: userID, accessToken: "access-\(generation)", refreshToken: "refresh-\(generation)",
    expiresAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(generation)))
}

func permissions(of url: URL) throws -> mode_t {
  var info = stat()
  guard stat(url.path, &info) == 0 else { throw FixtureError("stat \(url.path) failed") }
  return info.st_mode & 0o777
}

/// Sets the permission bits of the file at `url`.
func setPermissions(_ mode: mode_t, of url: URL) throws {
  guard chmod(url.path, mode) == 0 else { throw FixtureError("chmod \(url.path) failed") }
}

/// The store error that `body` throws, or `nil` when it throws nothing. Any other error is
/// recorded as an issue.
func storeError(_ body: () async throws -> Void) async -> CredentialStoreError? {
  do {
    try await body()
    return nil
  } catch let error as CredentialStoreError {
    return error
  } catch {
    Issue.record("expected a CredentialStoreError, got \(error)")
    return nil
  }
}

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
