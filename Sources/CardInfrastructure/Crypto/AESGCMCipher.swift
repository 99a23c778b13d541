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

/// What AES-GCM encryption produces besides the nonce: ciphertext (as long as the plaintext)
/// and the authentication tag.
package struct AESGCMSealed: Hashable, Sendable {
  /// The encrypted bytes.
  package var ciphertext: [UInt8]
  /// The ``AESGCM/tagByteCount``-byte authentication tag.
  package var tag: [UInt8]

  /// Pairs a ciphertext with its tag.
  package init(ciphertext: [UInt8], tag: [UInt8]) {
    self.ciphertext = ciphertext
    self.tag = tag
  }
}

/// The AES-GCM sizes this package uses and the backend of this build.
package enum AESGCM {
  /// The nonce (IV) length: 96 bits, the size GCM is specified for.
  package static let nonceByteCount = 12
  /// The tag length: the full 128 bits.
  package static let tagByteCount = 16

  /// The backend of this platform: CryptoKit on Apple platforms, OpenSSL elsewhere.
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
