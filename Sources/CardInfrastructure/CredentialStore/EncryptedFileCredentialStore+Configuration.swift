import CardData
import Foundation

extension EncryptedFileCredentialStore {
  /// Where the store keeps its files and how it gets its key. By default, in `<directory>`
  /// (mode 0700): `credential.sealed` (mode 0600), its lock file `credential.sealed.lock`, the
  /// key `keys/credential.key`, and ``quarantineFileURL`` for a file ``clear()`` sets aside.
  /// Printing it never shows a passphrase (see ``KeySource``).
  public struct Configuration: Sendable {
    public var directory: URL
    public var sealedFileName: String
    public var lockFileName: String
    public var keySource: KeySource
    /// How long a call that changes the store (save, clear, refresh) waits for its locks,
    /// in this process and then across processes, before it fails; from zero to
    /// ``maximumLockTimeout``. The default allows for another process's refresh round trip.
    public var lockTimeout: Duration

    public static let maximumLockTimeout = Duration.seconds(24 * 3600)

    /// - Parameters:
    ///   - keySource: `nil` means a key file at ``defaultKeyFileURL(in:)``.
    ///   - lockFileName: `nil` means `sealedFileName` followed by `.lock`.
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

    /// `<directory>/keys/credential.key`: apart from the sealed file, so that a copy of the
    /// directory's sealed file alone opens nothing.
    public static func defaultKeyFileURL(in directory: URL) -> URL {
      directory.appendingPathComponent("keys").appendingPathComponent("credential.key")
    }

    public var sealedFileURL: URL { directory.appendingPathComponent(sealedFileName) }
    public var lockFileURL: URL { directory.appendingPathComponent(lockFileName) }
    /// Where ``clear()`` moves a file that cannot be opened (then `.corrupt.1`, `.corrupt.2`,
    /// … if that name is taken).
    public var quarantineFileURL: URL {
      directory.appendingPathComponent(sealedFileName + ".corrupt")
    }

    /// Throws ``CardData/CredentialStoreError/Kind/invalidConfiguration`` (`invalid
    /// configuration: …`) unless the names are plain file names and the key source acceptable.
    func validate(minimumIterations: UInt32) throws(CredentialStoreError) {
      func invalid(_ reason: String) -> CredentialStoreError {
        CredentialStoreError(.invalidConfiguration, "invalid configuration: " + reason)
      }
      guard directory.isFileURL else {
        throw invalid("the directory \(directory) is not a file URL")
      }
      for (field, name) in [("sealedFileName", sealedFileName), ("lockFileName", lockFileName)]
      where name.isEmpty || name == "." || name == ".." || name.contains("/") {
        throw invalid(
          "\(field) \"\(name)\" is not a plain file name (empty, \".\", \"..\" or with a \"/\")")
      }
      guard (.zero...Self.maximumLockTimeout).contains(lockTimeout) else {
        throw invalid(
          "lockTimeout must be from zero to \(Self.maximumLockTimeout), not \(lockTimeout)")
      }
      guard sealedFileName != lockFileName else {
        throw invalid("sealedFileName and lockFileName are both \"\(lockFileName)\"")
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

  /// Where the store's 256-bit key comes from; printing, dumping or reflecting it never shows
  /// the passphrase, which redacts itself (``PassphraseBytes``).
  public struct KeySource: Sendable, CustomStringConvertible {
    /// OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256.
    public static let defaultPassphraseIterations: UInt32 = 600_000
    /// The fewest a store accepts, for writing and in a file's header.
    public static let minimumPassphraseIterations: UInt32 = 600_000
    /// The most iterations a store accepts from a file's header, so that a forged header
    /// cannot make a load run for hours.
    public static let maximumPassphraseIterations: UInt32 = 10_000_000

    enum Storage: Sendable {
      case keyFile(URL)
      case passphrase(PassphraseBytes, iterations: UInt32)
    }

    let storage: Storage

    /// A random key kept in the file at `url`, created on first save.
    public static func keyFile(_ url: URL) -> KeySource { KeySource(storage: .keyFile(url)) }

    /// A key derived with PBKDF2-HMAC-SHA256, `iterations` rounds and a random 16-byte salt
    /// per file, from the passphrase normalised to Unicode NFC and encoded as UTF-8, so that
    /// the same visible text always gives the same key.
    public static func passphrase(
      _ passphrase: String, iterations: UInt32 = defaultPassphraseIterations
    ) -> KeySource {
      let normalised = Array(passphrase.precomposedStringWithCanonicalMapping.utf8)
      return KeySource(
        storage: .passphrase(PassphraseBytes(bytes: normalised), iterations: iterations))
    }

    /// The key file, `nil` for a passphrase.
    package var keyFileURL: URL? {
      guard case .keyFile(let url) = storage else { return nil }
      return url
    }

    public var description: String {
      switch storage {
      case .keyFile(let url): "keyFile(\(url.path))"
      case .passphrase(_, let iterations): "passphrase(<redacted>, iterations: \(iterations))"
      }
    }
  }
}

/// The UTF-8 bytes of an NFC-normalised passphrase; printing, reflecting or dumping it shows
/// nothing (`String(reflecting:)` falls back to ``description``).
struct PassphraseBytes: Sendable, CustomStringConvertible, CustomReflectable {
  let bytes: [UInt8]
  var description: String { "<redacted>" }
  var customMirror: Mirror { Mirror(self, children: [:]) }
}
