/// Whether an endpoint needs the session's credential.
public enum AuthorizationRequirement: Hashable, Sendable {
  /// No credential: login and refresh.
  case anonymous
  /// `Authorization: Bearer <accessToken>`.
  case bearer
}
