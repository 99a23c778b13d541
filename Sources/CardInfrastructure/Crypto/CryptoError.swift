/// Why a cryptographic operation failed. Messages never contain key material.
package enum CryptoError: Error, Hashable, Sendable, CustomStringConvertible {
  /// AES-GCM decryption found that the tag does not match: the ciphertext, the associated
  /// data, the nonce or the key differ from the ones that sealed it.
  case authenticationFailed
  /// An argument has the wrong size or is out of range; the message says which.
  case invalidArgument(String)
  /// The platform library reported a failure; the message names the call.
  case backendFailure(String)

  /// A sentence for people.
  package var description: String {
    switch self {
    case .authenticationFailed: "authentication failed"
    case .invalidArgument(let message): "invalid argument: \(message)"
    case .backendFailure(let message): "crypto library failure: \(message)"
    }
  }
}
