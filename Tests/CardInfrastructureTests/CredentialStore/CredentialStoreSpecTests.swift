import CardData
import CardDataTesting
import CardInfrastructure
import CardTestingPrimitives
import Foundation
import Testing

/// The encrypted file store keeps the port's contract, checked by the same spec as the
/// in-memory fake: with its default key file, and with a passphrase. Two handles on one
/// directory stand for two processes on one file.
@Suite("Encrypted file store: the credential store spec", .timeLimit(.minutes(1)))
struct CredentialStoreSpecTests {
  @Test(arguments: CredentialStoreSpec.checks)
  func withAKeyFile(_ check: CredentialStoreSpec.Check) async throws {
    let directory = try TemporaryDirectory()
    let configuration = EncryptedFileCredentialStore.Configuration(directory: directory.url)
    try await check.run(
      on: .init(
        open: { try EncryptedFileCredentialStore(configuration: configuration) },
        corrupt: { try Self.corrupt(configuration.sealedFileURL) }))
  }

  @Test(arguments: CredentialStoreSpec.checks)
  func withAPassphrase(_ check: CredentialStoreSpec.Check) async throws {
    let directory = try TemporaryDirectory()
    let configuration = EncryptedFileCredentialStore.Configuration(
      directory: directory.url, keySource: .passphrase("spec passphrase", iterations: 1_000))
    try await check.run(
      on: .init(
        open: {
          try EncryptedFileCredentialStore(
            configuration: configuration, minimumIterationsForTesting: 1_000)
        },
        corrupt: { try Self.corrupt(configuration.sealedFileURL) }))
  }

  /// Flips a byte of the sealed file's tag, or writes a file that is not a sealed credential
  /// where none is yet.
  private static func corrupt(_ sealedFile: URL) throws {
    guard var bytes = try? Data(contentsOf: sealedFile), !bytes.isEmpty else {
      try FileManager.default.createDirectory(
        at: sealedFile.deletingLastPathComponent(), withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      try Data("not a sealed credential".utf8).write(to: sealedFile)
      return
    }
    bytes[bytes.count - 1] ^= 0x01
    try bytes.write(to: sealedFile)
  }
}
