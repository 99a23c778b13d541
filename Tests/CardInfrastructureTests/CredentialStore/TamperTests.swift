import CardData
import CardInfrastructure
import Foundation
import Testing

@Suite("Encrypted file store: tampered, truncated and foreign files fail to load")
struct TamperTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  /// Flips each byte of `original` with each of `masks` in turn and checks that loading
  /// fails with a store error and leaves the file byte-identical.
  private func expectEveryFlipFails(
    _ store: EncryptedFileCredentialStore, original: [UInt8], masks: [UInt8]
  ) async throws {
    var failures = 0
    for position in original.indices {
      for mask in masks {
        var tampered = original
        tampered[position] ^= mask
        try fixture.overwriteSealedFile(with: tampered)
        let error = await storeError { _ = try await store.load() }
        #expect(
          error?.kind == .corrupted || error?.kind == .unsupportedFormat,
          "byte \(position) ^ \(mask) gave \(String(describing: error))")
        #expect(try fixture.sealedBytes() == tampered, "byte \(position) ^ \(mask)")
        if error != nil { failures += 1 }
      }
    }
    #expect(failures == original.count * masks.count)
    try fixture.overwriteSealedFile(with: original)
  }

  @Test func everySingleByteFlipOfAKeyFileSealedFileFails() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let original = try fixture.sealedBytes()
    try await expectEveryFlipFails(store, original: original, masks: [0x01, 0x80, 0xFF])
    #expect(try await store.load() == credential(generation: 1))
  }

  @Test func everySingleByteFlipOfAPassphraseSealedFileFails() async throws {
    let store = try fixture.passphraseStore()
    try await store.save(credential(generation: 1))
    let original = try fixture.sealedBytes()
    // 0x80 is left out: flipping the top bit of the iteration count's second byte would ask
    // for 8 million iterations, which is allowed and only slow.
    try await expectEveryFlipFails(store, original: original, masks: [0x01, 0xFF])
    #expect(try await store.load() == credential(generation: 1))
  }

  @Test func truncationAtAnyOfSeveralLengthsFailsAndIsNotSignedOut() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    let original = try fixture.sealedBytes()
    let lengths =
      [0, 1, 3, 4, 5, 6, 17, 18, 33, 34, original.count / 2, original.count - 16]
      + [original.count - 1]
    for length in lengths {
      let truncated = Array(original.prefix(length))
      try fixture.overwriteSealedFile(with: truncated)
      let error = await storeError { _ = try await store.load() }
      #expect(error?.kind == .corrupted, "length \(length): \(String(describing: error))")
      #expect(try fixture.sealedBytes() == truncated)
    }
    try fixture.overwriteSealedFile(with: original + [0])
    #expect(await storeError { _ = try await store.load() }?.kind == .corrupted)
  }

  @Test func wrongPassphraseFailsWithoutNamingIt() async throws {
    try await fixture.passphraseStore("the right one").save(credential(generation: 1))
    let error = await storeError {
      _ = try await fixture.passphraseStore("the wrong one").load()
    }
    #expect(error?.kind == .corrupted)
    #expect(error?.message.contains("wrong") == true)
    #expect(
      error.map { !"\($0)".contains("the right one") && !"\($0)".contains("the wrong one") } == true
    )
  }

  @Test func aDifferentKeyFileFails() async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    try Data([UInt8](repeating: 0x42, count: 32)).write(to: fixture.keyURL)
    let error = await storeError { _ = try await fixture.keyFileStore().load() }
    #expect(error?.kind == .corrupted)
  }

  @Test func aFileOfTheOtherKeySourceFails() async throws {
    try await fixture.keyFileStore().save(credential(generation: 1))
    let passphraseError = await storeError { _ = try await fixture.passphraseStore().load() }
    #expect(passphraseError?.kind == .corrupted)
    #expect(passphraseError?.message.contains("key file") == true)

    try await fixture.keyFileStore().clear()
    try await fixture.passphraseStore().save(credential(generation: 1))
    let keyFileError = await storeError { _ = try await fixture.keyFileStore().load() }
    #expect(keyFileError?.kind == .corrupted)
    #expect(keyFileError?.message.contains("passphrase") == true)
  }

  @Test(arguments: [0 as UInt8, 2, 0xFF])
  func anUnknownFormatVersionIsUnsupported(version: UInt8) async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    var bytes = try fixture.sealedBytes()
    bytes[4] = version
    try fixture.overwriteSealedFile(with: bytes)
    let error = await storeError { _ = try await store.load() }
    #expect(error?.kind == .unsupportedFormat)
    #expect(error?.message.contains("version \(version)") == true)
  }

  @Test(arguments: [0 as UInt8, 3, 0xFF])
  func anUnknownKeySourceIsUnsupported(source: UInt8) async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    var bytes = try fixture.sealedBytes()
    bytes[5] = source
    try fixture.overwriteSealedFile(with: bytes)
    let error = await storeError { _ = try await store.load() }
    #expect(error?.kind == .unsupportedFormat)
    #expect(error?.message.contains("key source \(source)") == true)
  }

  @Test func aHeaderAskingForTooManyIterationsIsRefusedWithoutDeriving() async throws {
    let store = try fixture.passphraseStore()
    try await store.save(credential(generation: 1))
    var bytes = try fixture.sealedBytes()
    bytes.replaceSubrange(6..<10, with: [0xFF, 0xFF, 0xFF, 0xFF])
    try fixture.overwriteSealedFile(with: bytes)
    let error = await storeError { _ = try await store.load() }
    #expect(error?.kind == .unsupportedFormat)
    #expect(error?.message.contains("4294967295") == true)
  }

  @Test func aProductionStoreRefusesAFileWithFewerIterationsThanItsMinimum() async throws {
    try await fixture.passphraseStore("passphrase", iterations: 1_000).save(
      credential(generation: 1))
    let production = try EncryptedFileCredentialStore(
      configuration: .init(directory: fixture.home, keySource: .passphrase("passphrase")))
    let error = await storeError { _ = try await production.load() }
    #expect(error?.kind == .unsupportedFormat)
  }

  @Test func aFileThatIsNotASealedCredentialIsCorrupted() async throws {
    let store = try fixture.keyFileStore()
    try await store.save(credential(generation: 1))
    try fixture.overwriteSealedFile(with: Array(#"{"accessToken":"x"}"#.utf8))
    #expect(await storeError { _ = try await store.load() }?.kind == .corrupted)
  }
}
