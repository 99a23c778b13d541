import Foundation

/// Answers one routed request against its own copy of the state. The sandbox keeps the
/// changed copy only when the answer is a success, so a refused request changes nothing.
struct RequestHandler {
  /// The state, changed by successful requests.
  var state: SandboxState
  /// The moment the request is answered, from the sandbox's clock.
  let now: Date
  /// The lifetime of new access tokens, in seconds.
  let accessTokenLifetime: Int

  /// The answer to `request` on `route`; a refusal is thrown.
  mutating func respond(to route: Route, request: SandboxRequest) throws(APIError)
    -> SandboxResponse
  {
    switch route {
    case .login: try login(request)
    case .refresh: try refresh(request)
    case .logout: try logout(request)
    case .listCards: try listCards(request)
    case .reorderCards: try reorderCards(request)
    case .createCard: try createCard(request)
    case .cardDetail(let cardId): try cardDetail(cardId, request)
    case .deleteCard(let cardId): try deleteCard(cardId, request)
    case .cardImage(let cardId): try cardImage(cardId, request)
    }
  }

  /// The grant of the request's `Authorization: Bearer` token; `401` when it is missing,
  /// of another scheme, unknown or expired.
  func authenticate(_ request: SandboxRequest) throws(APIError) -> AccessGrant {
    guard let authorization = request.headers["Authorization"] else {
      throw .unauthorized("the request has no access token; send Authorization: Bearer <token>")
    }
    let parts = authorization.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else {
      throw .unauthorized("the Authorization header must use the Bearer scheme")
    }
    let token = parts[1].trimmingCharacters(in: .whitespaces)
    return try state.sessions.grant(forAccessToken: token, now: now)
  }
}
