import Foundation

/// Makes opaque random tokens: a prefix and 32 bytes from the system's secure generator,
/// base64url without padding, such as `at_Jm3q…` (46 characters in all).
enum TokenIssuer {
  /// The prefix of access tokens.
  static let accessPrefix = "at_"
  /// The prefix of refresh tokens.
  static let refreshPrefix = "rt_"
  /// The prefix of session ids, which are never sent to a client.
  static let sessionPrefix = "s_"

  /// A new token with `prefix`.
  static func token(prefix: String) -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let base64 = Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
    return prefix + base64
  }
}
