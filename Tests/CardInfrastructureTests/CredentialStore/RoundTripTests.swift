import CardData
import CardInfrastructure
import Foundation
import Testing

@Suite("Encrypted file store: saving, loading, clearing")
struct RoundTripTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  @Test func savedCredentialLoadsBackEqual() async throws {
    let store = try fixture.keyFileStore()
    var saved = credential(generation: 1)
    saved.expiresAt = Date()  // a fractional date must survive the JSON round trip exactly
    try await store.save(saved)
    #expect(try await store.load() == saved)
    #expect(try await fixture.keyFileStore().load() == saved)
  }

  @Test func passphraseStoreRoundTripsAndAnotherInstanceReadsIt() async throws {
    let saved = credential(generation: 2)
    try await fixture.passphraseStore().save(saved)
    #expect(try await fixture.passphraseStore().load() == saved)
  }

  @Test func saveReplacesTheStoredCredential() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    try await store.save(credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
  }

  @Test func noFileMeansSignedOutAndLoadingCreatesNothing() async throws {
    let store = try fixture.keyFileStore()
    #expect(try await store.load() == nil)
    #expect(!FileManager.default.fileExists(atPath: fixture.home.path))
    try FileManager.default.createDirectory(at: fixture.home, withIntermediateDirectories: true)
    #expect(try await store.load() == nil)
    #expect(try fixture.homeContents().isEmpty)
  }

  @Test func clearRemovesTheCredentialAndKeepsTheKey() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let key = try Data(contentsOf: fixture.keyURL)
    try await store.clear()
    #expect(try await store.load() == nil)
    #expect(!FileManager.default.fileExists(atPath: fixture.sealedURL.path))
    #expect(try Data(contentsOf: fixture.keyURL) == key)
    try await store.clear()  // clearing an empty store is fine
    try await store.save(credential(generation: 3))
    #expect(try await store.load() == credential(generation: 3))
  }

  @Test func clearOfAStoreThatWasNeverUsedCreatesNothing() async throws {
    try await fixture.keyFileStore().clear()
    #expect(!FileManager.default.fileExists(atPath: fixture.home.path))
  }

  @Test func theFileHoldsNoTokenInTheClear() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 7))
    let contents = String(decoding: try fixture.sealedBytes(), as: UTF8.self)
    for secret in ["access-7", "refresh-7", "demo", "accessToken"] {
      #expect(!contents.contains(secret))
    }
  }

  @Test func leftoverTemporaryFilesOfADeadWriterAreRemovedOnTheNextWrite() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let leftover = fixture.home.appendingPathComponent(".credential.sealed.tmp-0123456789abcdef")
    try Data([1, 2, 3]).write(to: leftover)
    try await store.save(credential(generation: 2))
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
    #expect(try fixture.homeContents() == ["credential.sealed", "credential.sealed.lock", "keys"])
  }
}
