import CardData
import Foundation

/// The credentials that `credential-store-probe` and the tests that run it write: a family
/// (a name without `-`, such as `initial` or `s0.3`) and a generation, which a refresh
/// increments.
///
/// The tokens are `access-<family>-<generation>` and `refresh-<family>-<generation>` for user
/// `probe`, so each stored credential has its own single-use refresh token, and a credential
/// read back from the store tells which save started it and how many refreshes followed. They
/// are test values, not secrets.
package struct ProbeCredential: Hashable, Sendable, CustomStringConvertible {
  /// The save that started this line of credentials.
  package var family: String
  /// How many refreshes the family went through.
  package var generation: Int

  /// The credential with these tokens.
  package var credential: AuthCredential {
    AuthCredential(
      userID: "probe", accessToken: "access-\(family)-\(generation)",
      refreshToken: "refresh-\(family)-\(generation)",
      expiresAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(generation)))
  }

  /// The credential one refresh later.
  package var refreshed: ProbeCredential {
    ProbeCredential(family: family, generation: generation + 1)
  }

  /// `family/generation`, for messages.
  package var description: String { "\(family)/\(generation)" }

  package init(family: String, generation: Int) {
    self.family = family
    self.generation = generation
  }

  /// Reads family and generation back from `credential`; `nil` for no credential or one
  /// that the probes do not write.
  package init?(_ credential: AuthCredential?) {
    guard let credential, credential.userID == "probe",
      credential.refreshToken.hasPrefix("refresh-")
    else { return nil }
    let rest = credential.refreshToken.dropFirst("refresh-".count)
    guard let dash = rest.lastIndex(of: "-"), let generation = Int(rest[rest.index(after: dash)...])
    else { return nil }
    let family = String(rest[..<dash])
    guard !family.isEmpty, !family.contains("-") else { return nil }
    self.init(family: family, generation: generation)
    guard self.credential == credential else { return nil }
  }
}
