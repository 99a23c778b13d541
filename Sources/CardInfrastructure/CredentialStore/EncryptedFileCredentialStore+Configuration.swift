import CardData
import Foundation

extension EncryptedFileCredentialStore {
  /// Where the store keeps its files and how it gets its key.
  ///
  /// With the defaults, a store in `<directory>` uses:
  /// - `<directory>/credential.sealed`, the sealed credential (mode 0600);
  /// - `<directory>/credential.sealed.lock`, the lock file every process locks (mode 0600);
  /// - `<directory>/keys/credential.key`, the random key (mode 0600, directory 0700);
  /// - `<directory>/credential.sealed.corrupt`, where ``quarantineCorruptFile()`` moves a file
  ///   that cannot be opened (then `.corrupt.1`, `.corrupt.2`, … if that name is taken).
  public struct Configuration: Sendable, CustomStringConvertible {
    /// The directory of the sealed file and the lock file, created with mode 0700.
    public var directory: URL
    /// The sealed file's name inside ``directory``.
    public var sealedFileName: String
    /// The lock file's name inside ``directory``.
    public var lockFileName: String
    /// Where the key comes from.
    public var keySource: KeySource
    /// How long a call that changes the store (save, clear, refresh, quarantine) waits for
    /// its locks, first for other calls in this process, then for other processes, before it
    /// fails; from zero to ``maximumLockTimeout``.
    public var lockTimeout: Duration

    /// The longest ``lockTimeout`` a store accepts: one day.
    public static let maximumLockTimeout = Duration.seconds(24 * 3600)

    /// Describes a store in `directory`.
    ///
    /// - Parameters:
    ///   - keySource: `nil` means a key file at ``defaultKeyFileURL(in:)``.
    ///   - lockFileName: `nil` means `sealedFileName` followed by `.lock`.
    ///   - lockTimeout: long enough for another process's refresh round trip.
    public init(
      directory: URL, keySource: KeySource? = nil, sealedFileName: String = "credential.sealed",
      lockFileName: String? = nil, lockTimeout: Duration = .seconds(120)
    ) {
      self.directory = directory
      self.keySource = keySource ?? .keyFile(Self.defaultKeyFileURL(in: directory))
      self.sealedFileName = sealedFileName
      self.lockFileName = lockFileName ?? sealedFileName + ".lock"
      self.lockTimeout = lockTimeout
    }

    /// The default key file: `<directory>/keys/credential.key`, apart from the sealed file.
    public static func defaultKeyFileURL(in directory: URL) -> URL {
      directory.appendingPathComponent("keys").appendingPathComponent("credential.key")
    }

    /// The sealed credential file.
    public var sealedFileURL: URL { directory.appendingPathComponent(sealedFileName) }
    /// The lock file.
    public var lockFileURL: URL { directory.appendingPathComponent(lockFileName) }
    /// The first name ``quarantineCorruptFile()`` tries: the sealed file's name + `.corrupt`.
    public var quarantineFileURL: URL {
      directory.appendingPathComponent(sealedFileName + ".corrupt")
    }

    /// The locations and the key source; never the passphrase.
    public var description: String {
      "EncryptedFileCredentialStore.Configuration(directory: \(directory.path), "
        + "sealedFileName: \(sealedFileName), lockFileName: \(lockFileName), "
        + "keySource: \(keySource), lockTimeout: \(lockTimeout))"
    }

    /// Throws unless the names are plain file names and the key source is acceptable.
    ///
    /// Every error is ``CardData/CredentialStoreError/Kind/invalidConfiguration`` with a
    /// message that starts with `invalid configuration:`.
    func validate(minimumIterations: UInt32) throws(CredentialStoreError) {
      guard directory.isFileURL else {
        throw Self.invalid("the directory \(directory) is not a file URL")
      }
      for (field, name) in [("sealedFileName", sealedFileName), ("lockFileName", lockFileName)] {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else {
          throw Self.invalid(
            "\(field) \"\(name)\" is not a plain file name (empty, \".\", \"..\" or with a \"/\")")
        }
      }
      guard lockTimeout >= .zero, lockTimeout <= Self.maximumLockTimeout else {
        throw Self.invalid(
          "lockTimeout must be from zero to \(Self.maximumLockTimeout), not \(lockTimeout)")
      }
      guard sealedFileName != lockFileName else {
        throw Self.invalid("sealedFileName and lockFileName are both \"\(lockFileName)\"")
      }
      switch keySource.storage {
      case .keyFile(let url):
        guard url.isFileURL else {
          throw Self.invalid("the key file \(url) is not a file URL")
        }
        guard url.standardizedFileURL != sealedFileURL.standardizedFileURL,
          url.standardizedFileURL != lockFileURL.standardizedFileURL
        else {
          throw Self.invalid(
            "the key file \(url.path) is the sealed file or the lock file; it needs its own")
        }
      case .passphrase(let passphrase, let iterations):
        guard !passphrase.bytes.isEmpty else {
          throw Self.invalid("the passphrase is empty")
        }
        let accepted = minimumIterations...KeySource.maximumPassphraseIterations
        guard accepted.contains(iterations) else {
          throw Self.invalid(
            "\(iterations) PBKDF2 iterations; a store accepts "
              + "\(accepted.lowerBound)...\(accepted.upperBound)")
        }
      }
    }

    /// An error for a configuration the store refuses, its message starting with
    /// `invalid configuration:`.
    private static func invalid(_ reason: String) -> CredentialStoreError {
      CredentialStoreError(.invalidConfiguration, "invalid configuration: " + reason)
    }
  }
}
