#if canImport(CryptoKit)
  import Security
#elseif canImport(COpenSSL)
  import COpenSSL
#endif

/// Bytes from the platform's cryptographically secure generator: `SecRandomCopyBytes` on
/// Apple platforms, OpenSSL's `RAND_bytes` elsewhere.
package enum SecureRandom {
  /// `count` random bytes; throws rather than return weak ones.
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
      OpenSSLErrorQueue.clear()
      let status = bytes.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
      guard status == 1 else { throw OpenSSLErrorQueue.failure("RAND_bytes") }
    #endif
    return bytes
  }
}
