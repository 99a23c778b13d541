#if canImport(CryptoKit)
  import CryptoKit
  import Foundation
#endif

/// AES-256 in Galois/Counter Mode with a 96-bit nonce and a 128-bit tag: the authenticated
/// encryption that seals the credential file.
///
/// Two backends implement it, both thin wrappers over a platform library (no cryptography is
/// written here): ``CryptoKitAESGCM`` on Apple platforms and ``OpenSSLAESGCM`` on Linux.
/// ``AESGCM/platformCipher`` picks the one this build has.
package protocol AESGCMCipher: Sendable {
  /// Encrypts `plaintext` and authenticates it together with `associatedData`.
  ///
  /// - Parameter nonce: exactly ``AESGCM/nonceByteCount`` bytes, never reused with one key.
  func seal(
    _ plaintext: [UInt8], key: AES256Key, nonce: [UInt8], authenticating associatedData: [UInt8]
  ) throws(CryptoError) -> AESGCMSealed

  /// Checks the tag over the ciphertext and `associatedData` and returns the plaintext, or
  /// throws ``CryptoError/authenticationFailed`` without returning any decrypted byte.
  func open(
    _ sealed: AESGCMSealed, key: AES256Key, nonce: [UInt8],
    authenticating associatedData: [UInt8]
  ) throws(CryptoError) -> [UInt8]
}

/// What AES-GCM encryption produces besides the nonce: the ciphertext, as long as the
/// plaintext, and the ``AESGCM/tagByteCount``-byte tag.
package struct AESGCMSealed: Hashable, Sendable {
  package var ciphertext: [UInt8]
  package var tag: [UInt8]

  package init(ciphertext: [UInt8], tag: [UInt8]) {
    self.ciphertext = ciphertext
    self.tag = tag
  }
}

package enum AESGCM {
  /// 96 bits, the nonce size GCM is specified for.
  package static let nonceByteCount = 12
  /// The full 128 bits.
  package static let tagByteCount = 16

  /// CryptoKit on Apple platforms, OpenSSL elsewhere.
  package static var platformCipher: any AESGCMCipher {
    #if canImport(CryptoKit)
      CryptoKitAESGCM()
    #elseif canImport(COpenSSL)
      OpenSSLAESGCM()
    #else
      #error("CardInfrastructure needs CryptoKit or OpenSSL's libcrypto for AES-GCM")
    #endif
  }

  /// Throws unless `nonce` and `tag` (when given) have the sizes above.
  static func checkSizes(nonce: [UInt8], tag: [UInt8]? = nil) throws(CryptoError) {
    guard nonce.count == nonceByteCount else {
      throw .invalidArgument("an AES-GCM nonce is \(nonceByteCount) bytes, not \(nonce.count)")
    }
    if let tag, tag.count != tagByteCount {
      throw .invalidArgument("an AES-GCM tag is \(tagByteCount) bytes, not \(tag.count)")
    }
  }
}

#if canImport(CryptoKit)
  /// AES-256-GCM through CryptoKit's `AES.GCM`, with an explicit nonce, the full tag and
  /// associated data.
  package struct CryptoKitAESGCM: AESGCMCipher {
    package init() {}

    package func seal(
      _ plaintext: [UInt8], key: AES256Key, nonce: [UInt8],
      authenticating associatedData: [UInt8]
    ) throws(CryptoError) -> AESGCMSealed {
      try AESGCM.checkSizes(nonce: nonce)
      do {
        let box = try AES.GCM.seal(
          plaintext, using: SymmetricKey(data: key.bytes), nonce: AES.GCM.Nonce(data: nonce),
          authenticating: associatedData)
        return AESGCMSealed(ciphertext: Array(box.ciphertext), tag: Array(box.tag))
      } catch {
        throw .backendFailure("AES.GCM.seal failed: \(error)")
      }
    }

    package func open(
      _ sealed: AESGCMSealed, key: AES256Key, nonce: [UInt8],
      authenticating associatedData: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
      try AESGCM.checkSizes(nonce: nonce, tag: sealed.tag)
      let box: AES.GCM.SealedBox
      do {
        box = try AES.GCM.SealedBox(
          nonce: AES.GCM.Nonce(data: nonce), ciphertext: sealed.ciphertext, tag: sealed.tag)
      } catch {
        throw .backendFailure("AES.GCM.SealedBox failed: \(error)")
      }
      do {
        return Array(
          try AES.GCM.open(
            box, using: SymmetricKey(data: key.bytes), authenticating: associatedData))
      } catch CryptoKitError.authenticationFailure {
        throw .authenticationFailed
      } catch {
        throw .backendFailure("AES.GCM.open failed: \(error)")
      }
    }
  }
#endif
