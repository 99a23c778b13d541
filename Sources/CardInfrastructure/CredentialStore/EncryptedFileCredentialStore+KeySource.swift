import Foundation

extension EncryptedFileCredentialStore {
  /// Where the store's 256-bit key comes from; printing, dumping or reflecting it never shows
  /// the passphrase, which redacts itself (`PassphraseBytes`).
  public struct KeySource: Sendable, CustomStringConvertible {
    /// OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256.
    public static let defaultPassphraseIterations: UInt32 = 600_000
    /// The fewest a store accepts, for writing and in a file's header.
    package static let minimumPassphraseIterations: UInt32 = 600_000
    /// The most iterations a store accepts from a file's header, so that a forged header
    /// cannot make a load run for hours.
    package static let maximumPassphraseIterations: UInt32 = 10_000_000

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
