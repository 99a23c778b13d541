/// Things that happened behind a command's back and that the user should hear about, such
/// as an access token refreshed transparently.
public protocol SessionNotes: Sendable {
  /// The notes since the last call, oldest first, and forgets them.
  func takeNotes() -> [SessionNote]
}

/// One thing that happened behind a command's back.
public enum SessionNote: Hashable, Sendable, CustomStringConvertible {
  /// The access token expired or was about to, and was refreshed.
  case accessTokenRefreshed

  /// A sentence for people.
  public var description: String {
    switch self {
    case .accessTokenRefreshed: "access token refreshed"
    }
  }
}
