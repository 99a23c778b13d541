import CardData
import CardInfrastructure
import Foundation
import Testing

@Suite("Encrypted file store: key sources and configuration")
struct KeySourceTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  @Test func theDefaultPassphraseDerivationIsAtLeast600000IterationsAndWorks() async throws {
    typealias KeySource = EncryptedFileCredentialStore.KeySource
    #expect(KeySource.defaultPassphraseIterations >= 600_000)
    #expect(KeySource.minimumPassphraseIterations >= 600_000)
    let source = KeySource.passphrase("default strength")
    #expect(
      "\(source)" == "passphrase(<redacted>, iterations: \(KeySource.defaultPassphraseIterations))")

    // One derivation at the default count: the save derives, the load reuses the key.
    let store = try EncryptedFileCredentialStore(
      configuration: .init(directory: fixture.home, keySource: source))
    try await store.save(credential(generation: 1))
    #expect(try await store.load() == credential(generation: 1))
    #expect(Array(try fixture.sealedBytes()[6..<10]) == [0x00, 0x09, 0x27, 0xC0])  // 600_000
  }

  @Test(arguments: [1 as UInt32, 1_000, 599_999, 10_000_001])
  func theProductionInitRejectsIterationCountsOutsideTheBounds(iterations: UInt32) {
    let error = configurationError(
      .init(directory: fixture.home, keySource: .passphrase("x", iterations: iterations)))
    #expect(error?.kind == .invalidConfiguration)
    #expect(error?.message.hasPrefix("invalid configuration: \(iterations) PBKDF2") == true)
  }

  @Test func anEmptyPassphraseIsRejected() {
    let error = configurationError(
      .init(directory: fixture.home, keySource: .passphrase("")), minimumIterations: 1)
    #expect(error?.kind == .invalidConfiguration)
    #expect(error?.message == "invalid configuration: the passphrase is empty")
  }

  @Test(arguments: ["", ".", "..", "a/b"])
  func theFileNameMustBeAPlainName(name: String) {
    var configuration = EncryptedFileCredentialStore.Configuration(directory: fixture.home)
    configuration.sealedFileName = name
    let sealed = configurationError(configuration)
    #expect(sealed?.kind == .invalidConfiguration)
    #expect(sealed?.message.hasPrefix("invalid configuration: sealedFileName \"\(name)\"") == true)
  }

  @Test func otherUnusableLayoutsAreInvalidConfigurations() {
    let home = fixture.home
    let layouts: [EncryptedFileCredentialStore.Configuration] = [
      .init(directory: URL(string: "https://example.test/store")!),
      .init(directory: home, keySource: .keyFile(home.appendingPathComponent("credential.sealed"))),
      .init(directory: home, keySource: .keyFile(URL(string: "https://example.test/key")!)),
    ]
    for layout in layouts {
      let error = configurationError(layout)
      #expect(error?.kind == .invalidConfiguration, "\(layout)")
      #expect(error?.message.hasPrefix("invalid configuration: ") == true, "\(layout)")
    }
  }

  /// The error the store's initialiser throws for `configuration`.
  private func configurationError(
    _ configuration: EncryptedFileCredentialStore.Configuration,
    minimumIterations: UInt32? = nil
  ) -> CredentialStoreError? {
    do {
      if let minimumIterations {
        _ = try EncryptedFileCredentialStore(
          configuration: configuration, minimumIterationsForTesting: minimumIterations)
      } else {
        _ = try EncryptedFileCredentialStore(configuration: configuration)
      }
      Issue.record("\(configuration) was accepted")
      return nil
    } catch {
      return error
    }
  }

  @Test func theKeyFileIsConfigurable() async throws {
    let keyURL = fixture.root.appendingPathComponent("elsewhere/my.key")
    let store = try EncryptedFileCredentialStore(
      configuration: .init(directory: fixture.home, keySource: .keyFile(keyURL)))
    try await store.save(credential(generation: 1))
    #expect(try fixture.homeContents() == ["credential.sealed", "credential.sealed.lock"])
    #expect(try permissions(of: keyURL) == 0o600)
    #expect(try permissions(of: keyURL.deletingLastPathComponent()) == 0o700)
    #expect(try await store.load() == credential(generation: 1))
  }

  @Test func theDefaultLayoutKeepsTheKeyApartFromTheSealedFile() {
    let configuration = EncryptedFileCredentialStore.Configuration(directory: fixture.home)
    #expect(configuration.sealedFileURL.lastPathComponent == "credential.sealed")
    #expect(configuration.lockFileURL.lastPathComponent == "credential.sealed.lock")
    #expect(configuration.quarantineFileURL.lastPathComponent == "credential.sealed.corrupt")
    let keyFile = fixture.home.appendingPathComponent("keys").appendingPathComponent(
      "credential.key")
    #expect("\(configuration.keySource)" == "keyFile(\(keyFile.path))")
  }

  @Test func thePassphraseAppearsInNoDescriptionOrError() async throws {
    let passphrase = "hunter2-very-secret"
    let configuration = EncryptedFileCredentialStore.Configuration(
      directory: fixture.home, keySource: .passphrase(passphrase, iterations: 1_000))
    var dumped = ""
    dump(configuration, to: &dumped)
    let store = try EncryptedFileCredentialStore(
      configuration: configuration, minimumIterationsForTesting: 1)
    try await store.save(credential(generation: 1))
    var bytes = try fixture.sealedBytes()
    bytes[bytes.count - 1] ^= 1
    try fixture.overwriteSealedFile(with: bytes)
    let loadError = await storeError { _ = try await store.load() }
    let saveError = await storeError { try await store.save(credential(generation: 2)) }
    let rejected = await storeError {
      _ = try EncryptedFileCredentialStore(
        configuration: .init(
          directory: fixture.home, keySource: .passphrase(passphrase, iterations: 1)))
    }
    let texts = [
      String(describing: configuration), String(reflecting: configuration),
      String(describing: configuration.keySource), String(reflecting: configuration.keySource),
      dumped, String(describing: loadError), String(describing: saveError),
      String(describing: rejected),
    ]
    for text in texts { #expect(!text.contains(passphrase)) }
    #expect(
      String(describing: configuration.keySource) == "passphrase(<redacted>, iterations: 1000)")
  }

  @Test func composedAndDecomposedSpellingsOfAPassphraseOpenTheSameFile() async throws {
    try await fixture.passphraseStore("caf\u{E9}").save(credential(generation: 1))
    #expect(try await fixture.passphraseStore("cafe\u{301}").load() == credential(generation: 1))
  }
}
