import CardData
import CardDomain
import CardInfrastructure
import CardTestSupport
import Foundation
import Testing

@Suite("Encrypted file store: a file that cannot be opened is kept until asked")
struct CorruptFilePolicyTests {
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

  @Test func quarantineMovesTheFileAsideByteForByteAndThenSaveWorks() async throws {
    let store = try fixture.keyFileStore()
    let corrupt = try await makeCorruptFile(store)
    let moved = try await store.quarantineCorruptFile()
    #expect(moved?.lastPathComponent == "credential.sealed.corrupt")
    #expect(moved.map { Array((try? Data(contentsOf: $0)) ?? Data()) } == corrupt)
    #expect(try await store.load() == nil)
    try await store.save(credential(generation: 2))
    #expect(try await store.load() == credential(generation: 2))
  }

  @Test func aSecondQuarantineKeepsTheFirstOne() async throws {
    let store = try fixture.keyFileStore()
    let first = try await makeCorruptFile(store)
    try await store.quarantineCorruptFile()
    try await store.clear()
    let second = try await makeCorruptFile(store)
    let moved = try await store.quarantineCorruptFile()
    #expect(moved?.lastPathComponent == "credential.sealed.corrupt.1")
    let firstURL = fixture.home.appendingPathComponent("credential.sealed.corrupt")
    #expect(Array(try Data(contentsOf: firstURL)) == first)
    #expect(moved.map { Array((try? Data(contentsOf: $0)) ?? Data()) } == second)
  }

  @Test func quarantineLeavesAnIntactFileAndAnEmptyStoreAlone() async throws {
    let store = try fixture.keyFileStore()
    #expect(try await store.quarantineCorruptFile() == nil)
    try await store.save(credential(generation: 1))
    let intact = try fixture.sealedBytes()
    #expect(try await store.quarantineCorruptFile() == nil)
    #expect(try fixture.sealedBytes() == intact)
    #expect(try fixture.homeContents().contains("credential.sealed.corrupt") == false)
  }

  @Test func clearDeletesACorruptFileOnRequest() async throws {
    let store = try fixture.keyFileStore()
    _ = try await makeCorruptFile(store)
    try await store.clear()
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
      #expect(error == .storage(CredentialStoreError(.corrupted, error.storageMessage)))
    }
    #expect(calls.count == 0)
    #expect(try fixture.sealedBytes() == corrupt)
  }
}

extension CredentialRefreshError {
  /// The message of a storage error, or "" for the other cases.
  var storageMessage: String {
    if case .storage(let error) = self { error.message } else { "" }
  }
}
