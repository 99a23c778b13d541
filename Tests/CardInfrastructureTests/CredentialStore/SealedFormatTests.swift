import CardData
import CardInfrastructure
import Foundation
import Testing

@Suite("Sealed credential format, version 1, byte for byte")
struct SealedFormatTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  @Test func aKeyFileFileIsHeaderNonceCiphertextTag() async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    let file = try fixture.sealedBytes()
    #expect(Array(file[0..<6]) == [0x43, 0x53, 0x43, 0x53, 0x01, 0x01])

    let json = try JSONEncoder().encode(credential(generation: 1))
    #expect(file.count == 6 + 12 + json.count + 16)
    let key = try AES256Key(bytes: Array(try Data(contentsOf: fixture.keyURL)))
    let plaintext = try AESGCM.platformCipher.open(
      AESGCMSealed(ciphertext: Array(file[18..<(file.count - 16)]), tag: Array(file.suffix(16))),
      key: key, nonce: Array(file[6..<18]), authenticating: Array(file[0..<6]))
    #expect(
      try JSONDecoder().decode(AuthCredential.self, from: Data(plaintext))
        == credential(generation: 1))
  }

  @Test func aPassphraseFileCarriesItsIterationsAndSaltInTheHeader() async throws {
    try await fixture.passphraseStore("format", iterations: 1_234).save(credential(generation: 1))
    let file = try fixture.sealedBytes()
    #expect(Array(file[0..<6]) == [0x43, 0x53, 0x43, 0x53, 0x01, 0x02])
    #expect(Array(file[6..<10]) == [0x00, 0x00, 0x04, 0xD2])  // 1234, big-endian
    let salt = Array(file[10..<26])

    let derived = try PBKDF2.sha256(
      password: Array("format".utf8), salt: salt, iterations: 1_234, byteCount: 32)
    let plaintext = try AESGCM.platformCipher.open(
      AESGCMSealed(ciphertext: Array(file[38..<(file.count - 16)]), tag: Array(file.suffix(16))),
      key: AES256Key(bytes: derived), nonce: Array(file[26..<38]),
      authenticating: Array(file[0..<26]))
    #expect(
      try JSONDecoder().decode(AuthCredential.self, from: Data(plaintext))
        == credential(generation: 1))
  }

  @Test func theHeaderIsAuthenticatedEvenWhereItCouldBeReadEitherWay() async throws {
    // A key-file file whose header claims version 1 and key source 1 but whose tag was made
    // without the header as associated data must not open.
    try await fixture.keyFileStore().save(credential(generation: 1))
    let file = try fixture.sealedBytes()
    let key = try AES256Key(bytes: Array(try Data(contentsOf: fixture.keyURL)))
    let nonce = try SecureRandom.bytes(count: 12)
    let sealed = try AESGCM.platformCipher.seal(
      Array(try JSONEncoder().encode(credential(generation: 9))), key: key, nonce: nonce,
      authenticating: [])
    try fixture.overwriteSealedFile(
      with: Array(file[0..<6]) + nonce + sealed.ciphertext + sealed.tag)
    let error = await storeError { _ = try await fixture.keyFileStore().load() }
    #expect(error?.kind == .corrupted)
  }
}
