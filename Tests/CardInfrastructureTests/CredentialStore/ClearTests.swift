import CardData
import CardDomain
import CardInfrastructure
import CardTestingPrimitives
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite(
  "Encrypted file store: a file that cannot be opened is kept until cleared, then set aside",
  .timeLimit(.minutes(1)))
struct ClearTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  /// Saves a credential, then damages the file's last byte (the tag); returns the bytes.
  private func makeCorruptFile(_ store: EncryptedFileCredentialStore) async throws -> [UInt8] {
    try await store.save(credential(generation: 1))
    var bytes = try fixture.sealedBytes()
    bytes[bytes.count - 1] ^= 0x01
    try fixture.overwriteSealedFile(with: bytes)
    return bytes
  }

  private func setAside(_ name: String) -> ClearedCredential {
    .setAside(at: fixture.home.appendingPathComponent(name).path)
  }

  @Test func saveRefusesToOverwriteAFileThatDoesNotAuthenticate() async throws {
    let store = try fixture.keyFileStore()
    let corrupt = try await makeCorruptFile(store)
    let error = await storeError { try await store.save(credential(generation: 2)) }
    #expect(error?.kind == .corrupted)
    #expect(error?.message.contains("kept untouched until it is set aside or cleared") == true)
    #expect(try fixture.sealedBytes() == corrupt)
  }

  @Test func saveRefusesToOverwriteAFileOfAnUnknownVersion() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    var bytes = try fixture.sealedBytes()
    bytes[4] = 2
    try fixture.overwriteSealedFile(with: bytes)
    let error = await storeError { try await store.save(credential(generation: 2)) }
    #expect(error?.kind == .unsupportedFormat)
    #expect(try fixture.sealedBytes() == bytes)
  }

  @Test func clearSetsAnUnreadableFileAsideByteForByteAndThenSaveWorks() async throws {
    let store = try fixture.keyFileStore()
    let corrupt = try await makeCorruptFile(store)
    #expect(try await store.clear() == setAside("credential.sealed.corrupt"))
    let moved = fixture.home.appendingPathComponent("credential.sealed.corrupt")
    #expect(Array(try Data(contentsOf: moved)) == corrupt)
    #expect(try await store.load() == nil)
    try await store.save(credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
  }

  @Test func aFileOfAnUnknownVersionIsSetAsideToo() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    var bytes = try fixture.sealedBytes()
    bytes[4] = 9
    try fixture.overwriteSealedFile(with: bytes)
    #expect(try await store.clear() == setAside("credential.sealed.corrupt"))
  }

  @Test func aSecondFileSetAsideKeepsTheFirstOne() async throws {
    let store = try fixture.keyFileStore()
    let first = try await makeCorruptFile(store)
    try await store.clear()
    let second = try await makeCorruptFile(store)
    #expect(try await store.clear() == setAside("credential.sealed.corrupt.1"))
    let firstURL = fixture.home.appendingPathComponent("credential.sealed.corrupt")
    let secondURL = fixture.home.appendingPathComponent("credential.sealed.corrupt.1")
    #expect(Array(try Data(contentsOf: firstURL)) == first)
    #expect(Array(try Data(contentsOf: secondURL)) == second)
  }

  @Test func clearDeletesAReadableFileOrNothingAndSetsNothingAside() async throws {
    let store = try fixture.keyFileStore()
    #expect(try await store.clear() == .removed)
    try await store.save(credential(generation: 1))
    #expect(try await store.clear() == .removed)
    #expect(try await store.clear() == .removed)
    #expect(try fixture.homeContents() == ["credential.sealed.lock", "keys"])
  }

  /// A sealed file name so long that the set-aside name, 8 characters longer, exceeds the
  /// file system's limit of 255: the move fails, so the file is deleted as before.
  @Test func anUnreadableFileThatCannotBeMovedIsDeleted() async throws {
    let name = String(repeating: "s", count: 250)
    var configuration = EncryptedFileCredentialStore.Configuration(directory: fixture.home)
    configuration.sealedFileName = name  // too long to take the `.corrupt` suffix
    let store = try EncryptedFileCredentialStore(configuration: configuration)
    try FileManager.default.createDirectory(at: fixture.home, withIntermediateDirectories: true)
    let sealed = fixture.home.appendingPathComponent(name)
    try Data("not a sealed credential".utf8).write(to: sealed)
    #expect(try await store.clear() == .removed)
    #expect(!FileManager.default.fileExists(atPath: sealed.path))
    #expect(try await store.load() == nil)
  }

  /// What can stand in the sealed file's place without being a file: each is set aside as it
  /// is, a link without following it.
  enum Impostor: String, CaseIterable, Sendable {
    case symbolicLink, fifo, directory
  }

  @Test(arguments: Impostor.allCases)
  func clearSetsAsideWhatStandsInTheFilesPlace(_ impostor: Impostor) async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    try FileManager.default.removeItem(at: fixture.sealedURL)
    let target = fixture.root.appendingPathComponent("target")
    try Data("someone else's file".utf8).write(to: target)
    let path = fixture.sealedURL.path
    switch impostor {
    case .symbolicLink:
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target.path)
    case .fifo:
      guard mkfifo(path, 0o600) == 0 else { throw FixtureError("mkfifo \(path) failed") }
    case .directory:
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      try Data("inside".utf8).write(to: fixture.sealedURL.appendingPathComponent("file"))
    }
    let before = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType

    #expect(await storeError { _ = try await store.load() }?.kind == .unavailable)
    #expect(try await store.clear() == setAside("credential.sealed.corrupt"))

    let moved = fixture.home.appendingPathComponent("credential.sealed.corrupt").path
    let after = try FileManager.default.attributesOfItem(atPath: moved)[.type] as? FileAttributeType
    #expect(after == before)
    #expect(try Data(contentsOf: target) == Data("someone else's file".utf8))
    #expect(try await store.load() == nil)
    try await store.save(credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
  }

  @Test func refreshOfACorruptFileFailsWithoutCallingRefreshAndKeepsTheFile() async throws {
    let store = try fixture.keyFileStore()
    let corrupt = try await makeCorruptFile(store)
    let calls = Tally()
    do {
      _ = try await store.refreshCredential(replacing: credential(generation: 1)) { stale in
        calls.increment()
        return credential(generation: 2)
      }
      Issue.record("refresh of a corrupt file succeeded")
    } catch {
      guard case .storage(let storage) = error else {
        Issue.record("refresh of a corrupt file gave \(error)")
        return
      }
      #expect(storage.kind == .corrupted)
    }
    #expect(calls.count == 0)
    #expect(try fixture.sealedBytes() == corrupt)
  }

  // clear(ifStill:) ends one session and no other.

  @Test func clearIfStillRemovesTheFileWhenItStillHoldsTheCredential() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    #expect(try await store.clear(ifStill: credential(generation: 1)))
    #expect(try await store.load() == nil)
    #expect(!FileManager.default.fileExists(atPath: fixture.sealedURL.path))
  }

  @Test func clearIfStillKeepsACredentialSavedSinceByAnotherInstance() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    try await fixture.keyFileStore().save(credential(generation: 2))
    #expect(try await store.clear(ifStill: credential(generation: 1)) == false)
    #expect(try await store.load() == credential(generation: 2))
  }

  @Test func clearIfStillOfAnAbsentStoreOrFileGivesFalse() async throws {
    let store = try fixture.keyFileStore()
    #expect(try await store.clear(ifStill: credential(generation: 1)) == false)
    try await store.save(credential(generation: 1))
    try await store.clear()
    #expect(try await store.clear(ifStill: credential(generation: 1)) == false)
  }

  @Test func clearIfStillOfAFileThatCannotBeOpenedThrowsAndKeepsIt() async throws {
    let store = try fixture.keyFileStore()
    let corrupt = try await makeCorruptFile(store)
    let error = await storeError { try await store.clear(ifStill: credential(generation: 1)) }
    #expect(error?.kind == .corrupted)
    #expect(try fixture.sealedBytes() == corrupt)
  }
}
