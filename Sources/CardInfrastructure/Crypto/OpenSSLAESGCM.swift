#if !canImport(CryptoKit) && canImport(COpenSSL)
  import COpenSSL

  /// AES-256-GCM through OpenSSL's EVP interface (`EVP_aes_256_gcm`), with an explicit
  /// 12-byte IV, a 16-byte tag and associated data. Every return code is checked and every
  /// cipher context is freed on the way out.
  package struct OpenSSLAESGCM: AESGCMCipher {
    package init() {}

    /// Encrypts with `EVP_Encrypt*` and reads the tag with `EVP_CTRL_GCM_GET_TAG`.
    package func seal(
      _ plaintext: [UInt8], key: AES256Key, nonce: [UInt8],
      authenticating associatedData: [UInt8]
    ) throws(CryptoError) -> AESGCMSealed {
      try AESGCM.checkSizes(nonce: nonce)
      let context = try CipherContext()
      defer { context.free() }
      OpenSSLErrorQueue.clear()

      guard EVP_EncryptInit_ex(context.pointer, EVP_aes_256_gcm(), nil, nil, nil) == 1 else {
        throw OpenSSLErrorQueue.failure("EVP_EncryptInit_ex (cipher)")
      }
      try context.setIVLength(nonce.count)
      guard EVP_EncryptInit_ex(context.pointer, nil, nil, key.bytes, nonce) == 1 else {
        throw OpenSSLErrorQueue.failure("EVP_EncryptInit_ex (key and IV)")
      }
      try context.update(associatedData: associatedData, call: "EVP_EncryptUpdate (AAD)") {
        EVP_EncryptUpdate($0, nil, $1, $2, $3)
      }
      var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
      let written = try context.update(
        plaintext, into: &ciphertext, call: "EVP_EncryptUpdate"
      ) { EVP_EncryptUpdate($0, $1, $2, $3, $4) }
      let final = context.finish { EVP_EncryptFinal_ex($0, $1, $2) }
      guard final.status == 1 else { throw OpenSSLErrorQueue.failure("EVP_EncryptFinal_ex") }
      guard written + final.count == plaintext.count else {
        throw .backendFailure(
          "EVP_Encrypt produced \(written + final.count) of \(plaintext.count) bytes")
      }

      var tag = [UInt8](repeating: 0, count: AESGCM.tagByteCount)
      let tagStatus = tag.withUnsafeMutableBytes {
        EVP_CIPHER_CTX_ctrl(
          context.pointer, EVP_CTRL_GCM_GET_TAG, Int32($0.count), $0.baseAddress)
      }
      guard tagStatus == 1 else { throw OpenSSLErrorQueue.failure("EVP_CTRL_GCM_GET_TAG") }
      return AESGCMSealed(ciphertext: ciphertext, tag: tag)
    }

    /// Decrypts with `EVP_Decrypt*`, setting the expected tag with `EVP_CTRL_GCM_SET_TAG`
    /// first; `EVP_DecryptFinal_ex` checks it. On failure the decrypted bytes are discarded.
    package func open(
      _ sealed: AESGCMSealed, key: AES256Key, nonce: [UInt8],
      authenticating associatedData: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
      try AESGCM.checkSizes(nonce: nonce, tag: sealed.tag)
      let context = try CipherContext()
      defer { context.free() }
      OpenSSLErrorQueue.clear()

      guard EVP_DecryptInit_ex(context.pointer, EVP_aes_256_gcm(), nil, nil, nil) == 1 else {
        throw OpenSSLErrorQueue.failure("EVP_DecryptInit_ex (cipher)")
      }
      try context.setIVLength(nonce.count)
      guard EVP_DecryptInit_ex(context.pointer, nil, nil, key.bytes, nonce) == 1 else {
        throw OpenSSLErrorQueue.failure("EVP_DecryptInit_ex (key and IV)")
      }
      try context.update(associatedData: associatedData, call: "EVP_DecryptUpdate (AAD)") {
        EVP_DecryptUpdate($0, nil, $1, $2, $3)
      }
      var plaintext = [UInt8](repeating: 0, count: sealed.ciphertext.count)
      let written = try context.update(
        sealed.ciphertext, into: &plaintext, call: "EVP_DecryptUpdate"
      ) { EVP_DecryptUpdate($0, $1, $2, $3, $4) }

      var tag = sealed.tag
      let tagStatus = tag.withUnsafeMutableBytes {
        EVP_CIPHER_CTX_ctrl(
          context.pointer, EVP_CTRL_GCM_SET_TAG, Int32($0.count), $0.baseAddress)
      }
      guard tagStatus == 1 else { throw OpenSSLErrorQueue.failure("EVP_CTRL_GCM_SET_TAG") }

      let final = context.finish { EVP_DecryptFinal_ex($0, $1, $2) }
      guard final.status == 1, written + final.count == sealed.ciphertext.count else {
        plaintext.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        OpenSSLErrorQueue.clear()
        throw .authenticationFailed
      }
      return plaintext
    }
  }

  /// An `EVP_CIPHER_CTX`, with the calls the two directions share.
  private struct CipherContext {
    let pointer: OpaquePointer

    init() throws(CryptoError) {
      guard let pointer = EVP_CIPHER_CTX_new() else {
        throw OpenSSLErrorQueue.failure("EVP_CIPHER_CTX_new")
      }
      self.pointer = pointer
    }

    /// Frees the context, which also wipes the key schedule it holds.
    func free() { EVP_CIPHER_CTX_free(pointer) }

    func setIVLength(_ length: Int) throws(CryptoError) {
      guard EVP_CIPHER_CTX_ctrl(pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(length), nil) == 1 else {
        throw OpenSSLErrorQueue.failure("EVP_CTRL_GCM_SET_IVLEN")
      }
    }

    /// Feeds associated data, which produces no output; skipped when there is none.
    func update(
      associatedData: [UInt8], call: String,
      _ body: (OpaquePointer, UnsafeMutablePointer<Int32>, UnsafePointer<UInt8>, Int32) -> Int32
    ) throws(CryptoError) {
      guard !associatedData.isEmpty else { return }
      guard let length = Int32(exactly: associatedData.count) else {
        throw .invalidArgument("associated data too long")
      }
      var count: Int32 = 0
      let status = associatedData.withUnsafeBufferPointer { buffer in
        body(pointer, &count, buffer.baseAddress!, length)
      }
      guard status == 1 else { throw OpenSSLErrorQueue.failure(call) }
    }

    /// Encrypts or decrypts `input` into the start of `output`; returns the bytes written.
    func update(
      _ input: [UInt8], into output: inout [UInt8], call: String,
      _ body: (
        OpaquePointer, UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<Int32>,
        UnsafePointer<UInt8>, Int32
      ) -> Int32
    ) throws(CryptoError) -> Int {
      guard !input.isEmpty else { return 0 }
      guard let length = Int32(exactly: input.count), output.count >= input.count else {
        throw .invalidArgument("input too long")
      }
      var count: Int32 = 0
      let status = input.withUnsafeBufferPointer { inputBuffer in
        output.withUnsafeMutableBufferPointer { outputBuffer in
          body(pointer, outputBuffer.baseAddress!, &count, inputBuffer.baseAddress!, length)
        }
      }
      guard status == 1 else { throw OpenSSLErrorQueue.failure(call) }
      return Int(count)
    }

    /// Runs the final step (`EVP_*Final_ex`). GCM is a stream mode and writes nothing
    /// there, but the call needs an output pointer, so it gets a scratch block.
    func finish(
      _ body: (OpaquePointer, UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<Int32>) -> Int32
    ) -> (status: Int32, count: Int) {
      var scratch = [UInt8](repeating: 0, count: 32)
      var count: Int32 = 0
      let status = scratch.withUnsafeMutableBufferPointer { body(pointer, $0.baseAddress!, &count) }
      return (status, Int(count))
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
