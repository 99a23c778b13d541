import CardData

/// The versioned header at the start of a sealed credential file. The whole header is the
/// AES-GCM associated data, so changing any of its bytes makes the file fail to open.
///
/// Byte layout, format version 1 (integers big-endian):
///
/// ```
/// offset  size  field
///      0     4  magic "CSCS" (43 53 43 53)
///      4     1  format version: 1
///      5     1  key source: 1 = key file, 2 = passphrase
///             key source 1: the header ends here (6 bytes)
///      6     4  key source 2: PBKDF2-HMAC-SHA256 iterations, UInt32
///     10    16  key source 2: PBKDF2 salt, random per file
///             key source 2: the header ends here (26 bytes)
/// ```
///
/// After the header: a 12-byte nonce (random for every write), the AES-256-GCM ciphertext of
/// the credential's JSON, and the 16-byte tag. Architecture.md, section "Infrastructure: the
/// encrypted credential store", documents the whole file.
struct SealedCredentialHeader: Hashable, Sendable {
  /// How the file's key is obtained.
  enum KeySource: Hashable, Sendable {
    /// The random key in the store's key file.
    case keyFile
    /// PBKDF2-HMAC-SHA256 of the passphrase with these parameters.
    case passphrase(iterations: UInt32, salt: [UInt8])
  }

  /// The four bytes every sealed credential file starts with: "CSCS".
  static let magic: [UInt8] = [0x43, 0x53, 0x43, 0x53]
  /// The format version this build writes and reads.
  static let version: UInt8 = 1
  /// The key-source byte for a key file.
  static let keyFileSource: UInt8 = 1
  /// The key-source byte for a passphrase.
  static let passphraseSource: UInt8 = 2
  /// The length of the PBKDF2 salt.
  static let saltByteCount = 16

  /// How the file's key is obtained.
  var keySource: KeySource

  /// The header's bytes, as written and as authenticated.
  var bytes: [UInt8] {
    var bytes = Self.magic + [Self.version]
    switch keySource {
    case .keyFile:
      bytes.append(Self.keyFileSource)
    case .passphrase(let iterations, let salt):
      bytes.append(Self.passphraseSource)
      bytes += withUnsafeBytes(of: iterations.bigEndian, Array.init)
      bytes += salt
    }
    return bytes
  }

  /// Reads the header at the start of `file`; returns it with its length.
  ///
  /// Throws ``CardData/CredentialStoreError/Kind/corrupted`` for a file that is not a sealed
  /// credential or is cut short, and ``CardData/CredentialStoreError/Kind/unsupportedFormat``
  /// for a version or key source this build does not know.
  static func parse(_ file: [UInt8]) throws(CredentialStoreError) -> (Self, length: Int) {
    guard file.count >= magic.count, Array(file[0..<magic.count]) == magic else {
      throw CredentialStoreError(.corrupted, "the file is not a sealed credential (bad magic)")
    }
    guard file.count >= 6 else {
      throw CredentialStoreError(.corrupted, "the sealed credential is truncated (header)")
    }
    guard file[4] == version else {
      throw CredentialStoreError(
        .unsupportedFormat,
        "the sealed credential has format version \(file[4]); this build reads version \(version)")
    }
    switch file[5] {
    case keyFileSource:
      return (Self(keySource: .keyFile), 6)
    case passphraseSource:
      let length = 6 + 4 + saltByteCount
      guard file.count >= length else {
        throw CredentialStoreError(.corrupted, "the sealed credential is truncated (header)")
      }
      let iterations = file[6..<10].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      let salt = Array(file[10..<length])
      return (Self(keySource: .passphrase(iterations: iterations, salt: salt)), length)
    default:
      throw CredentialStoreError(
        .unsupportedFormat,
        "the sealed credential names key source \(file[5]), which this build does not know")
    }
  }
}
