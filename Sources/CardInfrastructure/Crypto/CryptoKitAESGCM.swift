#if canImport(CryptoKit)
  import CryptoKit
  import Foundation

  /// AES-256-GCM through CryptoKit's `AES.GCM`, with an explicit 12-byte nonce, the full
  /// 16-byte tag and associated data.
  package struct CryptoKitAESGCM: AESGCMCipher {
    /// Creates the backend; it holds no state.
    package init() {}

    /// Encrypts with `AES.GCM.seal(_:using:nonce:authenticating:)`.
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

    /// Decrypts with `AES.GCM.open(_:using:authenticating:)`, which checks the tag.
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
            box, using: SymmetricKey(data: key.bytes), authenticating: associatedData)
        )
      } catch CryptoKitError.authenticationFailure {
        throw .authenticationFailed
      } catch {
        throw .backendFailure("AES.GCM.open failed: \(error)")
      }
    }
  }
#endif
