#if !canImport(CryptoKit) && canImport(COpenSSL)
  import COpenSSL

  /// AES-256-GCM through OpenSSL's `EVP_Cipher*` calls with `EVP_aes_256_gcm`. Every return
  /// code is checked, and every cipher context is freed (which wipes its key schedule).
  struct OpenSSLAESGCM: AESGCMCipher {
    func seal(
      _ plaintext: [UInt8], key: AES256Key, nonce: [UInt8],
      authenticating associatedData: [UInt8]
    ) throws(CryptoError) -> AESGCMSealed {
      var tag = [UInt8](repeating: 0, count: AESGCM.tagByteCount)
      let ciphertext = try crypt(
        plaintext, encrypting: true, key: key, nonce: nonce, associatedData: associatedData,
        tag: &tag)
      return AESGCMSealed(ciphertext: ciphertext, tag: tag)
    }

    func open(
      _ sealed: AESGCMSealed, key: AES256Key, nonce: [UInt8],
      authenticating associatedData: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
      var tag = sealed.tag
      return try crypt(
        sealed.ciphertext, encrypting: false, key: key, nonce: nonce,
        associatedData: associatedData, tag: &tag)
    }

    /// One pass in either direction: encrypting reads the tag into `tag`; decrypting checks it
    /// in the final step, and on failure wipes the decrypted bytes and returns none.
    private func crypt(
      _ input: [UInt8], encrypting: Bool, key: AES256Key, nonce: [UInt8],
      associatedData: [UInt8], tag: inout [UInt8]
    ) throws(CryptoError) -> [UInt8] {
      try AESGCM.checkSizes(nonce: nonce, tag: tag)
      ERR_clear_error()
      guard let context = EVP_CIPHER_CTX_new() else {
        throw .openSSL("EVP_CIPHER_CTX_new")
      }
      defer { EVP_CIPHER_CTX_free(context) }
      let direction: Int32 = encrypting ? 1 : 0
      guard EVP_CipherInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil, direction) == 1 else {
        throw .openSSL("EVP_CipherInit_ex (cipher)")
      }
      guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1
      else { throw .openSSL("EVP_CTRL_GCM_SET_IVLEN") }
      guard EVP_CipherInit_ex(context, nil, nil, key.bytes, nonce, direction) == 1 else {
        throw .openSSL("EVP_CipherInit_ex (key and IV)")
      }
      _ = try update(context, associatedData, into: nil)
      // GCM is a stream mode: as many bytes come out as go in.
      var output = [UInt8](repeating: 0, count: input.count)
      let written = try output.withUnsafeMutableBufferPointer { buffer throws(CryptoError) in
        try update(context, input, into: buffer.baseAddress)
      }
      guard written == input.count else {
        throw .backendFailure("EVP_CipherUpdate produced \(written) of \(input.count) bytes")
      }
      if !encrypting { try control(context, EVP_CTRL_GCM_SET_TAG, &tag) }
      // GCM writes nothing in the final step, but the call needs an output pointer.
      var scratch = [UInt8](repeating: 0, count: 32)
      var count: Int32 = 0
      let status = scratch.withUnsafeMutableBufferPointer {
        EVP_CipherFinal_ex(context, $0.baseAddress, &count)
      }
      guard status == 1 && count == 0 else {
        guard !encrypting else { throw .openSSL("EVP_CipherFinal_ex") }
        output.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        ERR_clear_error()
        throw .authenticationFailed
      }
      if encrypting { try control(context, EVP_CTRL_GCM_GET_TAG, &tag) }
      return output
    }

    /// Feeds `input` (associated data when `output` is `nil`); returns the bytes written.
    private func update(
      _ context: OpaquePointer, _ input: [UInt8], into output: UnsafeMutablePointer<UInt8>?
    ) throws(CryptoError) -> Int {
      guard !input.isEmpty else { return 0 }
      guard let length = Int32(exactly: input.count) else {
        throw .invalidArgument("input too long")
      }
      var count: Int32 = 0
      let status = input.withUnsafeBufferPointer {
        EVP_CipherUpdate(context, output, &count, $0.baseAddress, length)
      }
      guard status == 1 else { throw .openSSL("EVP_CipherUpdate") }
      return Int(count)
    }

    /// Gets or sets the tag.
    private func control(
      _ context: OpaquePointer, _ command: Int32, _ tag: inout [UInt8]
    ) throws(CryptoError) {
      let status = tag.withUnsafeMutableBytes {
        EVP_CIPHER_CTX_ctrl(context, command, Int32($0.count), $0.baseAddress)
      }
      guard status == 1 else {
        let name = command == EVP_CTRL_GCM_SET_TAG ? "SET_TAG" : "GET_TAG"
        throw .openSSL("EVP_CTRL_GCM_" + name)
      }
    }
  }

  extension CryptoError {
    /// A failure naming `call` and the errors in libcrypto's thread-local queue (never key
    /// material), which it empties; each call site empties it with `ERR_clear_error` first.
    static func openSSL(_ call: String) -> CryptoError {
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
