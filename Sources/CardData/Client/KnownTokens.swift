import CardPrimitives
import Foundation

/// The access and refresh tokens of the session in use, kept current by the
/// `Authentication` middleware and hidden by a ``Redactor`` wherever they appear: a server
/// may echo them in any message, under any field name.
///
/// It keeps the tokens of the newest credential and of the one before it, which late replies
/// to requests sent before a refresh may still echo. Tokens shorter than
/// `minimumLength` are not hidden: no real token is that short, and hiding one would
/// garble every word that contains it.
public final class KnownTokens: Sendable {
  static let minimumLength = 8

  private struct State {
    /// Newest first: the newest credential's access and refresh token, then the previous one's.
    var recent: [String] = []
    /// ``recent`` longest first, so that a token inside another is never hidden in pieces.
    var longestFirst: [String] = []
  }

  private let state = Protected(State())

  public init() {}

  /// Remembers `credential`'s tokens. It runs on every authenticated request, so a
  /// credential already remembered costs two comparisons.
  package func remember(_ credential: AuthCredential) {
    let access = credential.accessToken
    let refresh = credential.refreshToken
    state.withLock { state in
      if state.recent.count >= 2, state.recent[0] == access, state.recent[1] == refresh {
        return
      }
      let previous = state.recent.prefix(2).filter { $0 != access && $0 != refresh }
      state.recent = [access, refresh] + previous
      state.longestFirst = state.recent.filter { $0.count >= Self.minimumLength }
        .sorted { $0.count > $1.count }
    }
  }

  /// `text` with every known token replaced by ``Redactor/mask``.
  func redact(_ text: String) -> String {
    let tokens = state.withLock { $0.longestFirst }
    var redacted = text
    for token in tokens where redacted.contains(token) {
      redacted = redacted.replacingOccurrences(of: token, with: Redactor.mask)
    }
    return redacted
  }
}
