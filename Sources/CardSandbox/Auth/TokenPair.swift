/// The `Token` payload of `/auth/login` and `/auth/refresh`.
struct TokenPair: Encodable, Sendable, Equatable {
  /// The bearer token for card endpoints.
  let accessToken: String
  /// The single-use token for `/auth/refresh`.
  let refreshToken: String
  /// The access token's lifetime in seconds.
  let expiresIn: Int
}
