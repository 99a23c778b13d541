import CardData
import Foundation

/// Finds the key that opens a sealed file, and the key and header for the next write, keeping
/// the last key derived from a passphrase so that PBKDF2 (deliberately slow) runs once per salt.
struct CredentialKeyring {
  private let source: EncryptedFileCredentialStore.KeySource
  private let acceptedIterations: ClosedRange<UInt32>
  private var lastDerived: (iterations: UInt32, salt: [UInt8], key: AES256Key)?

  init(source: EncryptedFileCredentialStore.KeySource, minimumIterations: UInt32) {
    self.source = source
    acceptedIterations =
      minimumIterations...EncryptedFileCredentialStore.KeySource.maximumPassphraseIterations
  }

  /// Never creates a key file. An iteration count outside the accepted range is refused before
  /// any derivation, so that a forged header cannot make a load run for hours.
  mutating func keyForOpening(
    _ header: SealedCredentialHeader
  ) throws(CredentialStoreError) -> AES256Key {
    switch (header.sealingKey, source.storage) {
    case (.keyFile, .keyFile(let url)):
      guard let key = try KeyFile.read(at: url.path) else {
        throw CredentialStoreError(
          .corrupted, "the sealed credential cannot be opened: its key file \(url.path) is missing")
      }
      return key
    case (.passphrase(let iterations, let salt), .passphrase(let passphrase, _)):
      guard acceptedIterations.contains(iterations) else {
        throw CredentialStoreError(
          .unsupportedFormat,
          "the sealed credential asks for \(iterations) PBKDF2 iterations; this store accepts "
            + "\(acceptedIterations.lowerBound)...\(acceptedIterations.upperBound)")
      }
      return try derive(passphrase, iterations: iterations, salt: salt)
    case (.keyFile, .passphrase), (.passphrase, .keyFile):
      let (sealed, used) =
        header.sealingKey == .keyFile
        ? ("a key file", "a passphrase") : ("a passphrase", "a key file")
      throw CredentialStoreError(
        .corrupted, "the sealed credential was sealed with \(sealed), but this store uses \(used)")
    }
  }

  /// Creates the key file on first use.
  mutating func keyForSealing() throws(CredentialStoreError) -> (SealedCredentialHeader, AES256Key)
  {
    switch source.storage {
    case .keyFile(let url):
      return (SealedCredentialHeader(sealingKey: .keyFile), try KeyFile.readOrCreate(at: url.path))
    case .passphrase(let passphrase, let iterations):
      let salt: [UInt8]
      if let lastDerived, lastDerived.iterations == iterations {
        salt = lastDerived.salt
      } else {
        do {
          salt = try SecureRandom.bytes(count: SealedCredentialHeader.saltByteCount)
        } catch {
          throw CredentialStoreError(.unavailable, "could not make a salt: \(error)")
        }
      }
      let key = try derive(passphrase, iterations: iterations, salt: salt)
      return (
        SealedCredentialHeader(sealingKey: .passphrase(iterations: iterations, salt: salt)), key
      )
    }
  }

  mutating func forgetDerivedKey() { lastDerived = nil }

  private mutating func derive(
    _ passphrase: PassphraseBytes, iterations: UInt32, salt: [UInt8]
  ) throws(CredentialStoreError) -> AES256Key {
    if let lastDerived, lastDerived.iterations == iterations, lastDerived.salt == salt {
      return lastDerived.key
    }
    do {
      let bytes = try PBKDF2.sha256(
        password: passphrase.bytes, salt: salt, iterations: iterations,
        byteCount: AES256Key.byteCount)
      let key = try AES256Key(bytes: bytes)
      lastDerived = (iterations, salt, key)
      return key
    } catch {
      throw CredentialStoreError(.unavailable, "could not derive the key: \(error)")
    }
  }
}
