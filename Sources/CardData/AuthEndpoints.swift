import CardDomain
import Foundation

// The contract's session operations as typed endpoints (the seed's `AuthService` Moya enum:
// `login`, `refresh`, `logout`). Login and refresh carry no Bearer token: they are how a
// session gets one. Their replies become an `AuthCredential` dated by the caller's clock.

extension Endpoint where Response == AuthCredential {
  /// `POST /auth/login` with `{"userId", "password"}`: a new token pair.
  package static func login(userID: UserID, password: Password, at now: Date) -> Endpoint {
    Endpoint(
      name: "login", method: .post, path: "/auth/login",
      body: .json(LoginRequestDTO(userID: userID, password: password)),
      authorization: .anonymous, sampleResponse: SampleReplies.login,
      decode: credential(for: userID.rawValue, issuedAt: now))
  }

  /// `POST /auth/refresh` with `{"refreshToken"}`: spends the single-use refresh token of
  /// `stale` for a new pair.
  package static func refresh(_ stale: AuthCredential, at now: Date) -> Endpoint {
    Endpoint(
      name: "refresh", method: .post, path: "/auth/refresh",
      body: .json(RefreshRequestDTO(refreshToken: stale.refreshToken)),
      authorization: .anonymous, sampleResponse: SampleReplies.refresh,
      decode: credential(for: stale.userID, issuedAt: now))
  }

  private static func credential(for userID: String, issuedAt now: Date)
    -> @Sendable (HTTPResponse) -> NetworkResult<AuthCredential>
  {
    { reply in
      judgeStatus(of: reply, type: TokenDTO.self, refusingRepeatedKeys: true)
        .tryMap { (token) throws(WireMappingError) in
          try token.credential(userID: userID, now: now)
        }
    }
  }
}

extension Endpoint where Response == Void {
  /// `POST /auth/logout` with the Bearer token: the server revokes the session's refresh
  /// token; `data` is `null`.
  package static var logout: Endpoint {
    Endpoint(
      name: "logout", method: .post, path: "/auth/logout", authorization: .bearer,
      sampleResponse: SampleReplies.logout, decode: nothing)
  }
}
