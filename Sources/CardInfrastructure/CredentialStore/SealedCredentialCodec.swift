import CardData
import Foundation

/// Turns a credential into the bytes of a sealed credential file and back.
///
/// File = header ++ nonce (12 bytes) ++ ciphertext ++ tag (16 bytes), where the ciphertext
/// is AES-256-GCM of the credential's JSON under the file's key, with the header's bytes as
/// associated data (layout in ``SealedCredentialHeader``).
struct SealedCredentialCodec: Sendable {
  /// A sealed file split into its parts, before the key is known.
  struct Parts: Sendable {
    /// The header, which says how to get the key.
    var header: SealedCredentialHeader
    /// The header's bytes exactly as read: the associated data.
    var headerBytes: [UInt8]
    /// The nonce used for this write.
    var nonce: [UInt8]
    /// The ciphertext and tag.
    var sealed: AESGCMSealed
  }

  /// The largest file the store reads; a credential's JSON is a few hundred bytes.
  static let maximumFileSize = 64 * 1024

  /// The AES-GCM backend.
  let cipher: any AESGCMCipher

  /// Seals `credential` under `key` with a fresh random nonce.
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
    do {
      let nonce = try SecureRandom.bytes(count: AESGCM.nonceByteCount)
      let sealed = try cipher.seal(
        plaintext, key: key, nonce: nonce, authenticating: headerBytes)
      return headerBytes + nonce + sealed.ciphertext + sealed.tag
    } catch {
      throw CredentialStoreError(.unavailable, "could not seal the credential: \(error)")
    }
  }

  /// Splits `file` into header, nonce, ciphertext and tag, checking only the lengths.
  func split(_ file: [UInt8]) throws(CredentialStoreError) -> Parts {
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
    return Parts(
      header: header, headerBytes: Array(file[..<headerLength]),
      nonce: Array(file[headerLength..<nonceEnd]),
      sealed: AESGCMSealed(
        ciphertext: Array(file[nonceEnd..<tagStart]), tag: Array(file[tagStart...])))
  }

  /// Authenticates and decrypts `parts` with `key` and decodes the credential.
  func open(_ parts: Parts, key: AES256Key) throws(CredentialStoreError) -> AuthCredential {
    let plaintext: [UInt8]
    do {
      plaintext = try cipher.open(
        parts.sealed, key: key, nonce: parts.nonce, authenticating: parts.headerBytes)
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
