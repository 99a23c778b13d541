import CardData
import Foundation

/// The header of a sealed credential file (format version 1; layout in
/// docs/credential-store.md): magic `CSCS`, version, key source, and for a passphrase the
/// PBKDF2 iteration count and salt. The whole header is the AES-GCM associated data, so
/// changing any of its bytes makes the file fail to open.
struct SealedCredentialHeader: Hashable, Sendable {
  enum SealingKey: Hashable, Sendable {
    case keyFile
    case passphrase(iterations: UInt32, salt: [UInt8])
  }

  static let magic: [UInt8] = Array("CSCS".utf8)
  static let version: UInt8 = 1
  static let keyFileSource: UInt8 = 1
  static let passphraseSource: UInt8 = 2
  static let saltByteCount = 16

  var sealingKey: SealingKey

  var bytes: [UInt8] {
    var bytes = Self.magic + [Self.version]
    switch sealingKey {
    case .keyFile:
      bytes.append(Self.keyFileSource)
    case .passphrase(let iterations, let salt):
      bytes.append(Self.passphraseSource)
      bytes += withUnsafeBytes(of: iterations.bigEndian, Array.init)
      bytes += salt
    }
    return bytes
  }

  /// The header at the start of `file`, with its length; an unknown version or key source is
  /// ``CardData/CredentialStoreError/Kind/unsupportedFormat``.
  static func parse(_ file: [UInt8]) throws(CredentialStoreError) -> (Self, length: Int) {
    let truncated = CredentialStoreError(.corrupted, "the sealed credential is truncated (header)")
    guard file.starts(with: magic) else {
      throw CredentialStoreError(.corrupted, "the file is not a sealed credential (bad magic)")
    }
    guard file.count >= 6 else { throw truncated }
    guard file[4] == version else {
      throw CredentialStoreError(
        .unsupportedFormat,
        "the sealed credential has format version \(file[4]); this build reads version \(version)")
    }
    switch file[5] {
    case keyFileSource:
      return (Self(sealingKey: .keyFile), 6)
    case passphraseSource:
      let length = 6 + 4 + saltByteCount
      guard file.count >= length else { throw truncated }
      let iterations = file[6..<10].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      return (
        Self(sealingKey: .passphrase(iterations: iterations, salt: Array(file[10..<length]))),
        length
      )
    default:
      throw CredentialStoreError(
        .unsupportedFormat,
        "the sealed credential names key source \(file[5]), which this build does not know")
    }
  }
}

/// Turns a credential into the bytes of a sealed credential file and back: header, a nonce
/// random for every write, the AES-256-GCM ciphertext of the credential's JSON, and the tag.
struct SealedCredentialCodec: Sendable {
  /// ``seal(_:header:key:)`` refuses a larger file and the store reads no further, so that
  /// whatever is saved can be read back.
  static let maximumFileByteCount = 64 * 1024

  let cipher: any AESGCMCipher

  func seal(
    _ credential: AuthCredential, header: SealedCredentialHeader, key: AES256Key
  ) throws(CredentialStoreError) -> [UInt8] {
    let plaintext: [UInt8]
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      plaintext = Array(try encoder.encode(credential))
    } catch {
      throw CredentialStoreError(.unavailable, "could not encode the credential")
    }
    let headerBytes = header.bytes
    let fileByteCount =
      headerBytes.count + AESGCM.nonceByteCount + plaintext.count + AESGCM.tagByteCount
    guard fileByteCount <= Self.maximumFileByteCount else {
      throw CredentialStoreError(
        .tooLarge,
        "the session's tokens are too large to keep: sealed they would take \(fileByteCount) "
          + "bytes; a sealed credential holds at most \(Self.maximumFileByteCount)")
    }
    do {
      let nonce = try SecureRandom.bytes(count: AESGCM.nonceByteCount)
      let sealed = try cipher.seal(plaintext, key: key, nonce: nonce, authenticating: headerBytes)
      return headerBytes + nonce + sealed.ciphertext + sealed.tag
    } catch {
      throw CredentialStoreError(.unavailable, "could not seal the credential: \(error)")
    }
  }

  /// Opens `file` with the key `keyFor` gives for its header, asked once the lengths are checked.
  func open(
    _ file: [UInt8],
    keyFor: (SealedCredentialHeader) throws(CredentialStoreError) -> AES256Key
  ) throws(CredentialStoreError) -> AuthCredential {
    let (header, headerLength) = try SealedCredentialHeader.parse(file)
    let minimumLength = headerLength + AESGCM.nonceByteCount + AESGCM.tagByteCount
    guard file.count >= minimumLength else {
      throw CredentialStoreError(
        .corrupted,
        "the sealed credential is truncated (\(file.count) bytes, at least \(minimumLength) needed)"
      )
    }
    let nonceEnd = headerLength + AESGCM.nonceByteCount
    let tagStart = file.count - AESGCM.tagByteCount
    let sealed = AESGCMSealed(
      ciphertext: Array(file[nonceEnd..<tagStart]), tag: Array(file[tagStart...]))
    let key = try keyFor(header)
    let plaintext: [UInt8]
    do {
      plaintext = try cipher.open(
        sealed, key: key, nonce: Array(file[headerLength..<nonceEnd]),
        authenticating: Array(file[..<headerLength]))
    } catch .authenticationFailed {
      throw CredentialStoreError(
        .corrupted,
        "the sealed credential does not authenticate: it was tampered with or truncated, "
          + "or the key or passphrase is wrong")
    } catch {
      throw CredentialStoreError(.unavailable, "could not open the sealed credential: \(error)")
    }
    do {
      return try JSONDecoder().decode(AuthCredential.self, from: Data(plaintext))
    } catch {
      throw CredentialStoreError(
        .corrupted, "the sealed credential authenticates but does not hold a credential")
    }
  }
}
