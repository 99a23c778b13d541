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

/// The platform cipher, counting decryptions: how a test sees whether a load decrypted.
struct CountingCipher: AESGCMCipher {
  let opens = Tally()
  private let inner = AESGCM.platformCipher

  func seal(
    _ plaintext: [UInt8], key: AES256Key, nonce: [UInt8], authenticating associatedData: [UInt8]
  ) throws(CryptoError) -> AESGCMSealed {
    try inner.seal(plaintext, key: key, nonce: nonce, authenticating: associatedData)
  }

  func open(
    _ sealed: AESGCMSealed, key: AES256Key, nonce: [UInt8], authenticating associatedData: [UInt8]
  ) throws(CryptoError) -> [UInt8] {
    opens.increment()
    return try inner.open(sealed, key: key, nonce: nonce, authenticating: associatedData)
  }
}

/// The store remembers the credential it read with the version of the sealed file it came
/// from. Another store instance on the same directory stands for another process.
@Suite("Encrypted file store: an unchanged file is not decrypted again", .timeLimit(.minutes(1)))
struct LoadCacheTests {
  let fixture: StoreFixture
  let cipher = CountingCipher()

  init() throws { fixture = try StoreFixture() }

  private func countingStore() throws -> EncryptedFileCredentialStore {
    try EncryptedFileCredentialStore(
      configuration: fixture.keyFileConfiguration,
      minimumIterationsForTesting: EncryptedFileCredentialStore.KeySource
        .minimumPassphraseIterations,
      cipher: cipher)
  }

  private func status(of url: URL) throws -> stat {
    var info = stat()
    guard lstat(url.path, &info) == 0 else { throw FixtureError("stat \(url.path) failed") }
    return info
  }

  @Test func loadsOfAnUnchangedFileDecryptItOnce() async throws {
    let store = try countingStore()
    try await store.save(credential(generation: 1))
    for _ in 0..<5 {
      #expect(try await store.load() == credential(generation: 1))
    }
    #expect(cipher.opens.count == 1)
  }

  /// The other process's file has the same size, and the test gives it the replaced file's
  /// modification time: only the inode (and the change time, unless both writes fell within
  /// one clock tick) tells the two apart, and the store holds the old inode open so that the
  /// new file cannot have its number.
  @Test func aWriteByAnotherProcessIsSeenAtOnceEvenWithTheSameSizeAndTime() async throws {
    let store = try countingStore()
    try await store.save(credential(generation: 1))
    #expect(try await store.load() == credential(generation: 1))
    let before = try status(of: fixture.sealedURL)

    try await fixture.keyFileStore().save(credential(generation: 2))
    #if canImport(Darwin)
      var times = [before.st_mtimespec, before.st_mtimespec]
    #else
      var times = [before.st_mtim, before.st_mtim]
    #endif
    #expect(utimensat(AT_FDCWD, fixture.sealedURL.path, &times, 0) == 0)
    #expect(try status(of: fixture.sealedURL).st_size == before.st_size)

    #expect(try await store.load() == credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
    #expect(cipher.opens.count == 2)
  }

  @Test func aClearByAnotherProcessIsSeenAtOnce() async throws {
    let store = try countingStore()
    try await store.save(credential(generation: 1))
    #expect(try await store.load() == credential(generation: 1))
    try await fixture.keyFileStore().clear()
    #expect(try await store.load() == nil)
  }

  @Test func theStoresOwnWritesAndClearsAreSeen() async throws {
    let store = try countingStore()
    try await store.save(credential(generation: 1))
    #expect(try await store.load() == credential(generation: 1))
    try await store.save(credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
    try await store.clear()
    #expect(try await store.load() == nil)
    try await store.save(credential(generation: 3))
    #expect(try await store.load() == credential(generation: 3))
    #expect(cipher.opens.count == 3)
  }

  /// The refresh reads the file again under the lock: an unchanged file costs no decryption
  /// there either, and the refreshed file is read once.
  @Test func aRefreshOfAnUnchangedFileDoesNotDecryptItAgain() async throws {
    let store = try countingStore()
    try await store.save(credential(generation: 1))
    #expect(try await store.load() == credential(generation: 1))
    let fresh = try await store.refreshCredential(replacing: credential(generation: 1)) { _ in
      credential(generation: 2)
    }
    #expect(fresh == credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
    #expect(cipher.opens.count == 2)
  }

  /// The credential's file keeps its version when another file in its directory changes.
  @Test func anotherFileWrittenBesideTheCredentialCostsNoDecryption() async throws {
    let store = try countingStore()
    try await store.save(credential(generation: 1))
    #expect(try await store.load() == credential(generation: 1))
    try Data("notes".utf8).write(to: fixture.home.appendingPathComponent("notes.txt"))
    #expect(try await store.load() == credential(generation: 1))
    #expect(try await store.load() == credential(generation: 1))
    #expect(cipher.opens.count == 1)
  }

  /// The store's directory is moved away and a copy put in its place; a write to the copy is
  /// seen at once.
  @Test func aWriteToACopyOfTheDirectoryPutInItsPlaceIsSeen() async throws {
    let store = try countingStore()
    try await store.save(credential(generation: 1))
    #expect(try await store.load() == credential(generation: 1))
    let moved = fixture.root.appendingPathComponent("moved", isDirectory: true)
    try FileManager.default.moveItem(at: fixture.home, to: moved)
    try FileManager.default.copyItem(at: moved, to: fixture.home)
    #expect(try await store.load() == credential(generation: 1))
    try await fixture.keyFileStore().save(credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
  }

  @Test func aFileDamagedInPlaceIsReadAgainAndFails() async throws {
    let store = try countingStore()
    try await store.save(credential(generation: 1))
    #expect(try await store.load() == credential(generation: 1))
    try fixture.overwriteSealedFile(with: Array(try fixture.sealedBytes().dropLast()))
    #expect(await storeError { _ = try await store.load() }?.kind == .corrupted)
  }
}
