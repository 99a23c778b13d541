#if canImport(CryptoKit)
  import CryptoKit
  import Foundation
#endif

/// AES-256-GCM with a 96-bit nonce and a 128-bit tag, the authenticated encryption that seals
/// the credential file: a thin wrapper over the platform library (CryptoKit on Apple
/// platforms, OpenSSL's libcrypto on Linux), never cryptography written here.
package protocol AESGCMCipher: Sendable {
  /// `nonce` is exactly ``AESGCM/nonceByteCount`` bytes, never reused with one key.
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

/// The ciphertext, as long as the plaintext, and the tag.
package struct AESGCMSealed: Hashable, Sendable {
  package var ciphertext: [UInt8]
  package var tag: [UInt8]

  package init(ciphertext: [UInt8], tag: [UInt8]) {
    self.ciphertext = ciphertext
    self.tag = tag
  }
}

package enum AESGCM {
  package static let nonceByteCount = 12
  package static let tagByteCount = 16

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
  struct CryptoKitAESGCM: AESGCMCipher {
    func seal(
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

    func open(
      _ sealed: AESGCMSealed, key: AES256Key, nonce: [UInt8],
      authenticating associatedData: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
      try AESGCM.checkSizes(nonce: nonce, tag: sealed.tag)
      do {
        let box = try AES.GCM.SealedBox(
          nonce: AES.GCM.Nonce(data: nonce), ciphertext: sealed.ciphertext, tag: sealed.tag)
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
