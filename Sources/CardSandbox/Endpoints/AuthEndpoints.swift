import CardPrimitives

/// The `Token` payload of `/auth/login` and `/auth/refresh`; `expiresIn` is in seconds.
struct TokenPair: Encodable, Sendable, Equatable {
  let accessToken: String
  let refreshToken: String
  let expiresIn: Int
}

private struct LoginBody: Decodable {
  let userId: String
  let password: String
}

private struct RefreshBody: Decodable {
  let refreshToken: String
}

extension RequestHandler {
  /// A token reply must not be cached (RFC 6749 §5.1).
  private static let tokenHeaders: HeaderFields = ["Cache-Control": "no-store"]
  /// The same for an unknown user id and a wrong password, so the reply does not tell
  /// which user ids exist.
  private static let wrongCredentials = "the userId or the password is incorrect"

  func login(_ request: SandboxRequest) throws(APIError) -> SandboxResponse {
    let body = try JSONBody.decode(LoginBody.self, from: request)
    guard !body.userId.isEmpty else { throw .badRequest("userId must not be empty") }
    guard !body.password.isEmpty else { throw .badRequest("password must not be empty") }
    if let wait = loginThrottle.wait(for: body.userId, now: now) {
      throw .tooManyRequests(
        "too many failed logins for this user id within \(Int(LoginThrottle.window)) s",
        retryAfter: wait)
    }
    guard let user = SeedData.users.first(where: { $0.userId == body.userId }) else {
      throw .unauthorized(Self.wrongCredentials)
    }
    guard user.password == body.password else {
      loginThrottle.recordFailure(for: user.userId, at: now)
      throw .unauthorized(Self.wrongCredentials)
    }
    loginThrottle.recordSuccess(for: user.userId)
    let pair = try store.sessions.startSession(
      for: body.userId, now: now, lifetime: accessTokenLifetime)
    return .envelope(200, "logged in", data: pair, headers: Self.tokenHeaders)
  }

  func refresh(_ request: SandboxRequest) throws(APIError) -> SandboxResponse {
    let body = try JSONBody.decode(RefreshBody.self, from: request)
    guard !body.refreshToken.isEmpty else { throw .badRequest("refreshToken must not be empty") }
    let pair = try store.sessions.rotate(
      refreshToken: body.refreshToken, now: now, lifetime: accessTokenLifetime,
      reuseInterval: refreshTokenReuseInterval)
    return .envelope(200, "token refreshed", data: pair, headers: Self.tokenHeaders)
  }

  /// Ends the bearer token's session, all of its tokens; any body is ignored.
  func logout(_ request: SandboxRequest) throws(APIError) -> SandboxResponse {
    let grant = try authenticate(request)
    try store.sessions.endSession(grant.sessionId)
    return .envelope(200, "logged out")
  }
}
