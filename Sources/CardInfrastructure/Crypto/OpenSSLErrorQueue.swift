#if !canImport(CryptoKit) && canImport(COpenSSL)
  import COpenSSL

  /// The thread-local error queue of libcrypto, read right after a failed call.
  enum OpenSSLErrorQueue {
    /// Empties the queue so that a later failure reports only its own errors.
    static func clear() { ERR_clear_error() }

    /// A ``CryptoError/backendFailure(_:)`` naming `call` and the queued OpenSSL errors,
    /// which it removes from the queue. OpenSSL's error strings never contain key material.
    static func failure(_ call: String) -> CryptoError {
      var reasons: [String] = []
      while case let code = ERR_get_error(), code != 0 {
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        reasons.append(
          String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
      }
      let detail = reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; ")
      return .backendFailure("\(call) failed\(detail)")
    }
  }
#endif
