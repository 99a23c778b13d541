#if !canImport(CryptoKit) && canImport(COpenSSL)
  import COpenSSL

  /// AES-256-GCM through OpenSSL's EVP interface (`EVP_aes_256_gcm`), with an explicit
  /// 12-byte IV, a 16-byte tag and associated data. Every return code is checked and every
  /// cipher context is freed on the way out.
  package struct OpenSSLAESGCM: AESGCMCipher {
    package init() {}

    /// Encrypts, then reads the tag with `EVP_CTRL_GCM_GET_TAG`.
    package func seal(
      _ plaintext: [UInt8], key: AES256Key, nonce: [UInt8],
      authenticating associatedData: [UInt8]
    ) throws(CryptoError) -> AESGCMSealed {
      try AESGCM.checkSizes(nonce: nonce)
      let context = try CipherContext(
        encrypting: true, key: key, nonce: nonce, associatedData: associatedData)
      defer { context.free() }
      let ciphertext = try context.update(plaintext)
      guard context.finish() else {
        throw OpenSSLErrorQueue.failure("EVP_CipherFinal_ex")
      }
      var tag = [UInt8](repeating: 0, count: AESGCM.tagByteCount)
      try context.control(EVP_CTRL_GCM_GET_TAG, &tag, call: "EVP_CTRL_GCM_GET_TAG")
      return AESGCMSealed(ciphertext: ciphertext, tag: tag)
    }

    /// Sets the expected tag with `EVP_CTRL_GCM_SET_TAG` before the final step, which checks
    /// it; on failure the decrypted bytes are wiped and none is returned.
    package func open(
      _ sealed: AESGCMSealed, key: AES256Key, nonce: [UInt8],
      authenticating associatedData: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
      try AESGCM.checkSizes(nonce: nonce, tag: sealed.tag)
      let context = try CipherContext(
        encrypting: false, key: key, nonce: nonce, associatedData: associatedData)
      defer { context.free() }
      var plaintext = try context.update(sealed.ciphertext)
      var tag = sealed.tag
      try context.control(EVP_CTRL_GCM_SET_TAG, &tag, call: "EVP_CTRL_GCM_SET_TAG")
      guard context.finish() else {
        plaintext.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        OpenSSLErrorQueue.clear()
        throw .authenticationFailed
      }
      return plaintext
    }
  }

  /// An `EVP_CIPHER_CTX` for AES-256-GCM in one direction, through the `EVP_Cipher*` calls
  /// that serve both. Free it with ``free()``, which also wipes the key schedule it holds.
  private struct CipherContext {
    let pointer: OpaquePointer

    /// A context with the key and the nonce set and the associated data fed in.
    init(
      encrypting: Bool, key: AES256Key, nonce: [UInt8], associatedData: [UInt8]
    ) throws(CryptoError) {
      OpenSSLErrorQueue.clear()
      guard let pointer = EVP_CIPHER_CTX_new() else {
        throw OpenSSLErrorQueue.failure("EVP_CIPHER_CTX_new")
      }
      self.pointer = pointer
      let direction: Int32 = encrypting ? 1 : 0
      do throws(CryptoError) {
        guard EVP_CipherInit_ex(pointer, EVP_aes_256_gcm(), nil, nil, nil, direction) == 1 else {
          throw OpenSSLErrorQueue.failure("EVP_CipherInit_ex (cipher)")
        }
        let ivLength = Int32(nonce.count)
        guard EVP_CIPHER_CTX_ctrl(pointer, EVP_CTRL_GCM_SET_IVLEN, ivLength, nil) == 1 else {
          throw OpenSSLErrorQueue.failure("EVP_CTRL_GCM_SET_IVLEN")
        }
        guard EVP_CipherInit_ex(pointer, nil, nil, key.bytes, nonce, direction) == 1 else {
          throw OpenSSLErrorQueue.failure("EVP_CipherInit_ex (key and IV)")
        }
        _ = try feed(associatedData, into: nil)
      } catch {
        EVP_CIPHER_CTX_free(pointer)
        throw error
      }
    }

    func free() { EVP_CIPHER_CTX_free(pointer) }

    /// Encrypts or decrypts `input`; GCM is a stream mode, so as many bytes come out.
    func update(_ input: [UInt8]) throws(CryptoError) -> [UInt8] {
      var output = [UInt8](repeating: 0, count: input.count)
      let written = try output.withUnsafeMutableBufferPointer { buffer throws(CryptoError) in
        try feed(input, into: buffer.baseAddress)
      }
      guard written == input.count else {
        throw .backendFailure("EVP_CipherUpdate produced \(written) of \(input.count) bytes")
      }
      return output
    }

    /// Runs the final step, which checks the tag when decrypting; `false` when it fails. GCM
    /// writes nothing there, but the call needs an output pointer.
    func finish() -> Bool {
      var scratch = [UInt8](repeating: 0, count: 32)
      var count: Int32 = 0
      let status = scratch.withUnsafeMutableBufferPointer {
        EVP_CipherFinal_ex(pointer, $0.baseAddress, &count)
      }
      return status == 1 && count == 0
    }

    /// Gets or sets the tag.
    func control(_ command: Int32, _ tag: inout [UInt8], call: String) throws(CryptoError) {
      let status = tag.withUnsafeMutableBytes {
        EVP_CIPHER_CTX_ctrl(pointer, command, Int32($0.count), $0.baseAddress)
      }
      guard status == 1 else { throw OpenSSLErrorQueue.failure(call) }
    }

    /// Feeds `input` (associated data when `output` is `nil`); returns the bytes written.
    private func feed(
      _ input: [UInt8], into output: UnsafeMutablePointer<UInt8>?
    ) throws(CryptoError) -> Int {
      guard !input.isEmpty else { return 0 }
      guard let length = Int32(exactly: input.count) else {
        throw .invalidArgument("input too long")
      }
      var count: Int32 = 0
      let status = input.withUnsafeBufferPointer {
        EVP_CipherUpdate(pointer, output, &count, $0.baseAddress, length)
      }
      guard status == 1 else { throw OpenSSLErrorQueue.failure("EVP_CipherUpdate") }
      return Int(count)
    }
  }

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
