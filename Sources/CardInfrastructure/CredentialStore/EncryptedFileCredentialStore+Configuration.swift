import CardData
import Foundation

extension EncryptedFileCredentialStore {
  /// Where the store keeps its files and how it gets its key. By default, in `<directory>`
  /// (mode 0700): `credential.sealed` (mode 0600), its lock file `credential.sealed.lock`, the
  /// key `keys/credential.key`, and `quarantineFileURL` for a file ``clear()`` sets aside.
  /// Printing it never shows a passphrase (see ``KeySource``).
  public struct Configuration: Sendable {
    public var directory: URL
    public var keySource: KeySource
    /// The lock file's name is this one followed by `.lock`.
    package var sealedFileName = "credential.sealed"
    /// How long a call that changes the store waits for its locks before it fails; from zero to
    /// `maximumLockTimeout`. The default allows for another process's refresh round trip.
    public var lockTimeout: Duration

    package static let maximumLockTimeout = Duration.seconds(24 * 3600)

    /// `keySource` `nil` means a key file at `defaultKeyFileURL(in:)`.
    public init(
      directory: URL, keySource: KeySource? = nil, lockTimeout: Duration = .seconds(120)
    ) {
      self.directory = directory
      self.keySource = keySource ?? .keyFile(Self.defaultKeyFileURL(in: directory))
      self.lockTimeout = lockTimeout
    }

    /// `<directory>/keys/credential.key`: apart from the sealed file, so that a copy of the
    /// directory's sealed file alone opens nothing.
    package static func defaultKeyFileURL(in directory: URL) -> URL {
      directory.appendingPathComponent("keys").appendingPathComponent("credential.key")
    }

    public var sealedFileURL: URL { directory.appendingPathComponent(sealedFileName) }
    package var lockFileURL: URL { directory.appendingPathComponent(sealedFileName + ".lock") }
    /// Where ``clear()`` moves a file that cannot be opened (then `.corrupt.1`, …).
    package var quarantineFileURL: URL {
      directory.appendingPathComponent(sealedFileName + ".corrupt")
    }

    /// Throws ``CardData/CredentialStoreError/Kind/invalidConfiguration`` (`invalid
    /// configuration: …`) unless the name is a plain file name and the key source acceptable.
    func validate(minimumIterations: UInt32) throws(CredentialStoreError) {
      func invalid(_ reason: String) -> CredentialStoreError {
        CredentialStoreError(.invalidConfiguration, "invalid configuration: " + reason)
      }
      guard directory.isFileURL else {
        throw invalid("the directory \(directory) is not a file URL")
      }
      if ["", ".", ".."].contains(sealedFileName) || sealedFileName.contains("/") {
        throw invalid("sealedFileName \"\(sealedFileName)\" is not a plain file name")
      }
      guard (.zero...Self.maximumLockTimeout).contains(lockTimeout) else {
        throw invalid(
          "lockTimeout must be from zero to \(Self.maximumLockTimeout), not \(lockTimeout)")
      }
      switch keySource.storage {
      case .keyFile(let url):
        guard url.isFileURL else { throw invalid("the key file \(url) is not a file URL") }
        let keyFile = url.standardizedFileURL
        guard keyFile != sealedFileURL.standardizedFileURL,
          keyFile != lockFileURL.standardizedFileURL
        else {
          throw invalid(
            "the key file \(url.path) is the sealed file or the lock file; it needs its own")
        }
      case .passphrase(let passphrase, let iterations):
        guard !passphrase.bytes.isEmpty else { throw invalid("the passphrase is empty") }
        let accepted = minimumIterations...KeySource.maximumPassphraseIterations
        guard accepted.contains(iterations) else {
          throw invalid(
            "\(iterations) PBKDF2 iterations; a store accepts "
              + "\(accepted.lowerBound)...\(accepted.upperBound)")
        }
      }
    }
  }
}
