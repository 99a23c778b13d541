import CardData
import CardInfrastructure
import CardPrimitives
import CardTestingPrimitives
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Encrypted file store: permissions, nonces, locks", .timeLimit(.minutes(1)))
struct FileSafetyTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  @Test func filesAre0600AndDirectories0700() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    #expect(try permissions(of: fixture.home) == 0o700)
    #expect(try permissions(of: fixture.keyURL.deletingLastPathComponent()) == 0o700)
    #expect(try permissions(of: fixture.sealedURL) == 0o600)
    #expect(try permissions(of: fixture.keyURL) == 0o600)
    #expect(try permissions(of: fixture.keyFileConfiguration.lockFileURL) == 0o600)
    #expect(try Data(contentsOf: fixture.keyURL).count == 32)
  }

  @Test func missingParentDirectoriesAreCreated0700() async throws {
    let deep = fixture.root.appendingPathComponent("a/b/store", isDirectory: true)
    let store = try EncryptedFileCredentialStore(configuration: .init(directory: deep))
    try await store.save(credential(generation: 1))
    for directory in ["a", "a/b", "a/b/store", "a/b/store/keys"] {
      #expect(try permissions(of: fixture.root.appendingPathComponent(directory)) == 0o700)
    }
  }

  @Test func aDirectoryWritableByOthersIsRefused() async throws {
    try FileManager.default.createDirectory(at: fixture.home, withIntermediateDirectories: true)
    try setPermissions(0o777, of: fixture.home)
    let error = await storeError {
      try await fixture.keyFileStore().save(credential(generation: 1))
    }
    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("writable by other users") == true)
    #expect(try fixture.homeContents().isEmpty)
  }

  @Test func aDanglingLinkAsTheDirectoryIsAClearErrorNotAnEndlessRetry() async throws {
    try FileManager.default.createSymbolicLink(
      at: fixture.home, withDestinationURL: fixture.root.appendingPathComponent("nowhere"))
    let error = await storeError {
      try await fixture.keyFileStore().save(credential(generation: 1))
    }
    #expect(error?.kind == .unavailable)
    #expect(error?.message == "\(fixture.home.path) is a symbolic link, not a directory")
  }

  @Test func everyWriteUsesAFreshNonce() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let first = try fixture.sealedBytes()
    try await store.save(credential(generation: 1))
    let second = try fixture.sealedBytes()
    #expect(first.count == second.count)
    #expect(first.prefix(6) == second.prefix(6))  // same header
    #expect(first[6..<18] != second[6..<18])  // different nonce
    #expect(first[18...] != second[18...])  // so different ciphertext and tag
  }

  @Test func everyNewPassphraseFileGetsANewSalt() async throws {
    let store = try fixture.passphraseStore()
    try await store.save(credential(generation: 1))
    let firstSalt = try fixture.sealedBytes()[10..<26]
    try await store.save(credential(generation: 2))
    #expect(try fixture.sealedBytes()[10..<26] == firstSalt)  // same file, same salt
    try await store.clear()
    try await store.save(credential(generation: 3))
    #expect(try fixture.sealedBytes()[10..<26] != firstSalt)
  }

  @Test func aKeyFileReadableByOthersIsAClearErrorAndIsNotReplaced() async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    let key = try Data(contentsOf: fixture.keyURL)
    try setPermissions(0o644, of: fixture.keyURL)
    let store = try fixture.keyFileStore()
    let loadError = await storeError { _ = try await store.load() }
    #expect(loadError?.kind == .unavailable)
    #expect(loadError?.message.contains("mode 0644") == true)
    let saveError = await storeError { try await store.save(credential(generation: 2)) }
    #expect(saveError?.kind == .unavailable)
    #expect(try Data(contentsOf: fixture.keyURL) == key)
    #expect(FileManager.default.fileExists(atPath: fixture.sealedURL.path))

    try setPermissions(0o600, of: fixture.keyURL)
    #expect(try await store.load() == credential(generation: 1))
  }

  @Test(arguments: [0o640, 0o604, 0o620, 0o602, 0o610, 0o601, 0o660] as [mode_t])
  func aKeyFileWithAnyGroupOrOtherBitIsRefused(mode: mode_t) async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    try setPermissions(mode, of: fixture.keyURL)
    let error = await storeError { _ = try await fixture.keyFileStore().load() }
    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("mode 0\(String(mode, radix: 8))") == true)
    #expect(error?.message.contains("owner-only") == true)
  }

  @Test(arguments: [0o600, 0o400] as [mode_t])
  func anOwnerOnlyKeyFileIsAccepted(mode: mode_t) async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    try setPermissions(mode, of: fixture.keyURL)
    #expect(try await fixture.keyFileStore().load() == credential(generation: 1))
    try await fixture.keyFileStore().save(credential(generation: 2))
    #expect(try await fixture.keyFileStore().load() == credential(generation: 2))
  }

  @Test(arguments: [0, 16, 31, 33, 64])
  func aKeyFileOfTheWrongSizeIsAClearErrorAndIsNotReplaced(size: Int) async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    let wrongKey = Data([UInt8](repeating: 0x11, count: size))
    try wrongKey.write(to: fixture.keyURL)
    try setPermissions(0o600, of: fixture.keyURL)
    let store = try fixture.keyFileStore()
    let error = await storeError { _ = try await store.load() }
    #expect(error?.kind == .corrupted)
    #expect(error?.message.contains("exactly 32") == true)
    _ = await storeError { try await store.save(credential(generation: 2)) }
    #expect(try Data(contentsOf: fixture.keyURL) == wrongKey)
  }

  @Test func aMissingKeyFileFailsTheLoadAndIsNotRecreatedByIt() async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    try FileManager.default.removeItem(at: fixture.keyURL)
    let error = await storeError { _ = try await fixture.keyFileStore().load() }
    #expect(error?.kind == .corrupted)
    #expect(error?.message.contains("missing") == true)
    #expect(!FileManager.default.fileExists(atPath: fixture.keyURL.path))
  }

  /// The lock file, locked as another process would hold it: each `FileLock` opens the file
  /// anew.
  private func holdFileLock() throws -> FileLock {
    try FileLock.acquireBlocking(path: fixture.keyFileConfiguration.lockFileURL.path)
  }

  /// Starts `operation`, a call that takes a store's locks, and returns once it has found the
  /// file lock held (`FileLock.contended`), so that it waits for that lock.
  private func startWaitingForTheFileLock<Result: Sendable>(
    _ operation: @escaping @Sendable () async -> Result
  ) async throws -> Task<Result, Never> {
    let contended = Tally()
    let observer: @Sendable () -> Void = { contended.increment() }
    let waiting = FileLock.$contended.withValue(observer) { Task { await operation() } }
    try await contended.wait(forAtLeast: 1)
    return waiting
  }

  /// The first half is a real timeout, kept short; only the kind and message of the outcome
  /// are checked. The second half has no timeout that could end it in time: only the release
  /// of the file lock lets the write through.
  @Test func aWriteWaitsForTheLockAndGivesUpAfterItsTimeout() async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    let held = try holdFileLock()

    var configuration = fixture.keyFileConfiguration
    configuration.lockTimeout = .milliseconds(200)
    let store = try EncryptedFileCredentialStore(configuration: configuration)
    let error = await storeError { try await store.save(credential(generation: 2)) }
    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("timed out") == true)
    #expect(error?.message.contains("waiting for the lock on") == true)
    #expect(try await store.load() == credential(generation: 1))  // reads need no lock

    let second = try fixture.keyFileStore()
    let waiting = try await startWaitingForTheFileLock {
      await storeError { try await second.save(credential(generation: 3)) }
    }
    #expect(try await store.load() == credential(generation: 1))
    held.release()
    #expect(await waiting.value == nil)
    #expect(try await store.load() == credential(generation: 3))
  }

  /// The default lock timeout (two minutes) outlasts the safety limit, so only the
  /// cancellation can end the wait.
  @Test func aCancelledWaiterStopsWaitingForTheLock() async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    let held = try holdFileLock()
    defer { held.release() }
    let store = try fixture.keyFileStore()
    let waiting = try await startWaitingForTheFileLock {
      await storeError { try await store.save(credential(generation: 2)) }
    }
    waiting.cancel()
    let error = await waiting.value
    #expect(error?.kind == .unavailable)
    #expect(error?.message.contains("cancelled while waiting for the lock on") == true)
    #expect(try await store.load() == credential(generation: 1))
  }
}
