#if canImport(CryptoKit)
  import CommonCrypto
  import Security
#elseif canImport(COpenSSL)
  import COpenSSL
#endif

/// Why a cryptographic operation failed. Messages never contain key material.
package enum CryptoError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The AES-GCM tag does not match: the ciphertext, the associated data, the nonce or the key
  /// differ from the ones that sealed it.
  case authenticationFailed
  case invalidArgument(String)
  /// The platform library reported a failure; the message names the call.
  case backendFailure(String)

  package var description: String {
    switch self {
    case .authenticationFailed: "authentication failed"
    case .invalidArgument(let message): "invalid argument: \(message)"
    case .backendFailure(let message): "crypto library failure: \(message)"
    }
  }
}

/// A 256-bit AES key. Printing, reflecting or dumping it never shows the bytes.
package struct AES256Key: Sendable, CustomStringConvertible, CustomReflectable {
  package static let byteCount = 32

  package let bytes: [UInt8]

  package init(bytes: [UInt8]) throws(CryptoError) {
    guard bytes.count == Self.byteCount else {
      throw .invalidArgument("an AES-256 key is \(Self.byteCount) bytes, not \(bytes.count)")
    }
    self.bytes = bytes
  }

  package var description: String { "AES256Key(<redacted>)" }
  package var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// PBKDF2 with HMAC-SHA256 (RFC 8018), from the platform library: CommonCrypto's
/// `CCKeyDerivationPBKDF` on Apple platforms, OpenSSL's `PKCS5_PBKDF2_HMAC` elsewhere.
package enum PBKDF2 {
  package static func sha256(
    password: [UInt8], salt: [UInt8], iterations: UInt32, byteCount: Int
  ) throws(CryptoError) -> [UInt8] {
    guard iterations > 0, iterations <= UInt32(Int32.max) else {
      throw .invalidArgument("PBKDF2 iterations must be in 1...\(Int32.max), not \(iterations)")
    }
    guard byteCount > 0, byteCount <= 1024 else {
      throw .invalidArgument("PBKDF2 output length must be in 1...1024, not \(byteCount)")
    }
    var derived = [UInt8](repeating: 0, count: byteCount)
    #if canImport(CryptoKit)
      let status = password.withUnsafeBytes { passwordBytes in
        salt.withUnsafeBufferPointer { saltBuffer in
          derived.withUnsafeMutableBufferPointer { derivedBuffer in
            CCKeyDerivationPBKDF(
              CCPBKDFAlgorithm(kCCPBKDF2),
              passwordBytes.baseAddress?.assumingMemoryBound(to: CChar.self), passwordBytes.count,
              saltBuffer.baseAddress, saltBuffer.count,
              CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), iterations,
              derivedBuffer.baseAddress, derivedBuffer.count)
          }
        }
      }
      guard status == Int32(kCCSuccess) else {
        throw .backendFailure("CCKeyDerivationPBKDF failed with status \(status)")
      }
    #elseif canImport(COpenSSL)
      guard let passwordLength = Int32(exactly: password.count),
        let saltLength = Int32(exactly: salt.count)
      else { throw .invalidArgument("PBKDF2 password or salt too long") }
      ERR_clear_error()
      let status = password.withUnsafeBytes { passwordBytes in
        salt.withUnsafeBufferPointer { saltBuffer in
          derived.withUnsafeMutableBufferPointer { derivedBuffer in
            PKCS5_PBKDF2_HMAC(
              passwordBytes.baseAddress?.assumingMemoryBound(to: CChar.self), passwordLength,
              saltBuffer.baseAddress, saltLength, Int32(iterations), EVP_sha256(),
              Int32(derivedBuffer.count), derivedBuffer.baseAddress)
          }
        }
      }
      guard status == 1 else { throw .openSSL("PKCS5_PBKDF2_HMAC") }
    #endif
    return derived
  }
}

/// Bytes from the platform's cryptographically secure generator: `SecRandomCopyBytes` on
/// Apple platforms, OpenSSL's `RAND_bytes` elsewhere. Throws rather than return weak ones.
package enum SecureRandom {
  package static func bytes(count: Int) throws(CryptoError) -> [UInt8] {
    guard count >= 0, count <= Int(Int32.max) else {
      throw .invalidArgument("cannot produce \(count) random bytes")
    }
    var bytes = [UInt8](repeating: 0, count: count)
    guard count > 0 else { return bytes }
    #if canImport(CryptoKit)
      let status = bytes.withUnsafeMutableBytes {
        SecRandomCopyBytes(kSecRandomDefault, $0.count, $0.baseAddress!)
      }
      guard status == errSecSuccess else {
        throw .backendFailure("SecRandomCopyBytes failed with status \(status)")
      }
    #elseif canImport(COpenSSL)
      ERR_clear_error()
      let status = bytes.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
      guard status == 1 else { throw .openSSL("RAND_bytes") }
    #endif
    return bytes
  }
}
