import CardData
import CardInfrastructure
import Foundation
import Testing

@Suite("Encrypted file store: clear(ifStill:) ends one session and no other")
struct ConditionalClearTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  @Test func removesTheFileWhenItStillHoldsTheCredential() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    #expect(try await store.clear(ifStill: credential(generation: 1)))
    #expect(try await store.load() == nil)
    #expect(!FileManager.default.fileExists(atPath: fixture.sealedURL.path))
  }

  @Test func keepsACredentialSavedSinceByAnotherInstance() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    try await fixture.keyFileStore().save(credential(generation: 2))
    #expect(try await store.clear(ifStill: credential(generation: 1)) == false)
    #expect(try await store.load() == credential(generation: 2))
  }

  @Test func anAbsentStoreOrFileGivesFalse() async throws {
    let store = try fixture.keyFileStore()
    #expect(try await store.clear(ifStill: credential(generation: 1)) == false)
    try await store.save(credential(generation: 1))
    try await store.clear()
    #expect(try await store.clear(ifStill: credential(generation: 1)) == false)
  }

  @Test func aFileThatCannotBeOpenedThrowsAndStays() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    var bytes = try fixture.sealedBytes()
    bytes[bytes.count - 1] ^= 1
    try fixture.overwriteSealedFile(with: bytes)
    let error = await storeError { try await store.clear(ifStill: credential(generation: 1)) }
    #expect(error?.kind == .corrupted)
    #expect(try fixture.sealedBytes() == bytes)
  }
}
