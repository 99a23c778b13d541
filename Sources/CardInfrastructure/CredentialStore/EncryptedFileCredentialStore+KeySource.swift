import Foundation

extension EncryptedFileCredentialStore {
  /// Where the store's 256-bit key comes from.
  ///
  /// Written like enum cases: `.keyFile(url)` or `.passphrase("…")`. Printing, dumping or
  /// reflecting a key source never shows the passphrase.
  public struct KeySource: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
  {
    /// The PBKDF2-HMAC-SHA256 iteration count for new files: OWASP's 2023 recommendation.
    public static let defaultPassphraseIterations: UInt32 = 600_000
    /// The fewest iterations a store accepts, for writing and for reading a file's header.
    public static let minimumPassphraseIterations: UInt32 = 600_000
    /// The most iterations a store accepts from a file's header, so that a forged header
    /// cannot make a load run for hours.
    public static let maximumPassphraseIterations: UInt32 = 10_000_000

    enum Storage: Sendable {
      case keyFile(URL)
      case passphrase(PassphraseBytes, iterations: UInt32)
    }

    let storage: Storage

    /// A random key kept in the file at `url`, created on first save (mode 0600, in a
    /// directory of mode 0700).
    public static func keyFile(_ url: URL) -> KeySource { KeySource(storage: .keyFile(url)) }

    /// A key derived from `passphrase` with PBKDF2-HMAC-SHA256, `iterations` rounds and a
    /// random 16-byte salt per file. The passphrase is normalised to Unicode NFC and encoded
    /// as UTF-8 first, so that the same visible text always gives the same key.
    ///
    /// A store rejects fewer than ``minimumPassphraseIterations`` or more than
    /// ``maximumPassphraseIterations``.
    public static func passphrase(
      _ passphrase: String, iterations: UInt32 = defaultPassphraseIterations
    ) -> KeySource {
      let normalised = passphrase.precomposedStringWithCanonicalMapping
      return KeySource(
        storage: .passphrase(PassphraseBytes(bytes: Array(normalised.utf8)), iterations: iterations)
      )
    }

    /// The key file's location, for a key-file source.
    public var keyFileURL: URL? {
      if case .keyFile(let url) = storage { url } else { nil }
    }

    /// The iteration count for new files, for a passphrase source.
    public var passphraseIterations: UInt32? {
      if case .passphrase(_, let iterations) = storage { iterations } else { nil }
    }

    /// The key file's path or the iteration count; never the passphrase.
    public var description: String {
      switch storage {
      case .keyFile(let url): "keyFile(\(url.path))"
      case .passphrase(_, let iterations): "passphrase(<redacted>, iterations: \(iterations))"
      }
    }
    /// Same as ``description``.
    public var debugDescription: String { description }
    /// A mirror with the key file or the iteration count only.
    public var customMirror: Mirror {
      switch storage {
      case .keyFile(let url): Mirror(self, children: ["keyFile": url])
      case .passphrase(_, let iterations): Mirror(self, children: ["iterations": iterations])
      }
    }
  }
}
