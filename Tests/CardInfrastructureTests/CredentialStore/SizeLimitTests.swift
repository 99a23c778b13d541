import CardData
import CardInfrastructure
import Foundation
import Testing

/// One size limit on both sides: save refuses a credential whose sealed file load would
/// refuse, so that a saved credential can always be read back.
@Suite("Encrypted file store: the size limit of a sealed file")
struct SizeLimitTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  private static let limit = 64 * 1024

  private func credential(accessTokenLength length: Int) -> AuthCredential {
    AuthCredential(
      userID: "demo", accessToken: String(repeating: "a", count: length),
      refreshToken: "refresh", expiresAt: Date(timeIntervalSince1970: 1_800_000_000))
  }

  @Test func aCredentialWithA70KBTokenIsRefusedBySaveAndTheStoredOneKept() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(accessTokenLength: 1))
    let stored = try fixture.sealedBytes()

    let error = await storeError { try await store.save(credential(accessTokenLength: 70_000)) }
    #expect(error?.kind == .tooLarge)
    #expect(
      error?.message.hasPrefix(
        "the session's tokens are too large to keep: sealed they would take 70115 bytes;") == true,
      "\(String(describing: error))")
    #expect(error?.message.hasSuffix("bytes; a sealed credential holds at most 65536") == true)
    #expect(try fixture.sealedBytes() == stored)
    #expect(try await store.load() == credential(accessTokenLength: 1))
  }

  /// The largest credential that seals to exactly the limit is saved and read back; one more
  /// byte of token is refused.
  @Test func theLimitIsTheSameForSavingAndLoading() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(accessTokenLength: 1))
    let overhead = try fixture.sealedBytes().count - 1
    let largest = credential(accessTokenLength: Self.limit - overhead)

    try await store.save(largest)
    #expect(try fixture.sealedBytes().count == Self.limit)
    #expect(try await fixture.keyFileStore().load() == largest)

    let oneMore = credential(accessTokenLength: Self.limit - overhead + 1)
    #expect(await storeError { try await store.save(oneMore) }?.kind == .tooLarge)
    #expect(try await fixture.keyFileStore().load() == largest)
  }
}
