import CardData
import Foundation

/// The credentials `credential-store-probe` writes, as its `ProbeCredential.swift` defines
/// them: tokens `access-<family>-<generation>` and `refresh-<family>-<generation>` for user
/// `probe`. Kept in step with the probe by hand; the multi-process tests fail if they differ.
struct ProbeCredential: Hashable, CustomStringConvertible {
  /// The save that started this line of credentials (no `-` in it).
  var family: String
  /// How many refreshes the family went through.
  var generation: Int

  /// The credential with these tokens.
  var credential: AuthCredential {
    AuthCredential(
      userID: "probe", accessToken: "access-\(family)-\(generation)",
      refreshToken: "refresh-\(family)-\(generation)",
      expiresAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(generation)))
  }

  /// `family/generation`, for messages.
  var description: String { "\(family)/\(generation)" }

  init(family: String, generation: Int) {
    self.family = family
    self.generation = generation
  }

  /// Family and generation of `credential`; `nil` for a credential the probes do not write.
  init?(_ credential: AuthCredential?) {
    guard let credential, credential.userID == "probe",
      credential.refreshToken.hasPrefix("refresh-")
    else { return nil }
    let rest = credential.refreshToken.dropFirst("refresh-".count)
    guard let dash = rest.lastIndex(of: "-"), let generation = Int(rest[rest.index(after: dash)...])
    else { return nil }
    self.init(family: String(rest[..<dash]), generation: generation)
    guard self.credential == credential else { return nil }
  }
}
