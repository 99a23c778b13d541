#if canImport(CryptoKit)
  import CommonCrypto
#elseif canImport(COpenSSL)
  import COpenSSL
#endif

/// PBKDF2 with HMAC-SHA256 (RFC 8018), from the platform library: CommonCrypto's
/// `CCKeyDerivationPBKDF` on Apple platforms, OpenSSL's `PKCS5_PBKDF2_HMAC` elsewhere.
package enum PBKDF2 {
  /// Derives `byteCount` bytes from `password` and `salt` with `iterations` rounds.
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
      OpenSSLErrorQueue.clear()
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
      guard status == 1 else { throw OpenSSLErrorQueue.failure("PKCS5_PBKDF2_HMAC") }
    #endif
    return derived
  }
}
