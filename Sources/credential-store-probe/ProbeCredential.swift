import CardData
import Foundation

/// The credentials the probe and the multi-process tests write: a family (a name without
/// `-`, such as `initial` or `s0.3`) and a generation, which a refresh increments.
///
/// The tokens are `access-<family>-<generation>` and `refresh-<family>-<generation>`, so each
/// stored credential has its own single-use refresh token. They are test values, not secrets.
struct ProbeCredential: Hashable {
  /// The save that started this line of credentials.
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

  /// The credential one refresh later.
  var refreshed: ProbeCredential { ProbeCredential(family: family, generation: generation + 1) }

  init(family: String, generation: Int) {
    self.family = family
    self.generation = generation
  }

  /// Reads family and generation back from `credential`; `nil` for any other credential.
  init?(_ credential: AuthCredential) {
    let token = credential.refreshToken
    guard credential.userID == "probe", token.hasPrefix("refresh-") else { return nil }
    let rest = token.dropFirst("refresh-".count)
    guard let dash = rest.lastIndex(of: "-"), let generation = Int(rest[rest.index(after: dash)...])
    else { return nil }
    let family = String(rest[..<dash])
    guard !family.isEmpty, !family.contains("-") else { return nil }
    self.init(family: family, generation: generation)
    guard self.credential == credential else { return nil }
  }
}
