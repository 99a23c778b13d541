import CardPrimitives
import Foundation

/// The endpoints the sandbox serves, with their path parameters and, for the search, its
/// query as sent (percent-encoded, without the `?`).
enum Route: Sendable, Equatable {
  case login, refresh, logout, listCards, reorderCards, createCard
  case searchCards(query: Substring)
  case cardDetail(String)
  case deleteCard(String)
  case cardImage(String)

  /// `400` for a path that does not start with `/` or has a bad percent escape, `404` for an
  /// unknown path, `405` with `Allow` for a method the path does not support. Only the
  /// search reads the query; the others ignore one.
  init(of request: SandboxRequest) throws(APIError) {
    let target = request.path.prefix { $0 != "#" }
    let path = target.prefix { $0 != "?" }
    let query = target.dropFirst(path.count + 1)
    let methods: [String: Route]
    switch try Self.segments(of: path) {
    case ["auth", "login"]: methods = ["POST": .login]
    case ["auth", "refresh"]: methods = ["POST": .refresh]
    case ["auth", "logout"]: methods = ["POST": .logout]
    case ["cards"]: methods = ["GET": .listCards, "PUT": .reorderCards]
    case ["cards", "search"]: methods = ["GET": .searchCards(query: query)]
    case ["card"]: methods = ["POST": .createCard]
    case let segments where segments.count == 2 && segments[0] == "card":
      methods = ["GET": .cardDetail(segments[1]), "DELETE": .deleteCard(segments[1])]
    case let segments where segments.count == 3 && segments[0] == "card" && segments[2] == "image":
      methods = ["GET": .cardImage(segments[1])]
    default:
      throw .notFound("no resource at \(path)")
    }
    guard let route = methods[request.method] else {
      throw .methodNotAllowed(request.method, path: String(path), allowed: methods.keys.sorted())
    }
    self = route
  }

  /// The segments of `path`, each percent-decoded on its own so an encoded `/` (`%2F`) stays
  /// inside its segment: `/card/c1` is `["card", "c1"]`, `/` is `[]`. An empty segment (`//`,
  /// a trailing `/`) is `404`.
  private static func segments(of path: Substring) throws(APIError) -> [String] {
    guard path.first == "/" else { throw .badRequest("the request path must start with /") }
    let rawSegments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    return try (path == "/" ? [] : rawSegments).map { raw throws(APIError) in
      guard !raw.isEmpty else { throw .notFound("no resource at \(path)") }
      guard raw.contains("%" as Character) else { return String(raw) }
      guard let decoded = raw.removingPercentEncoding else {
        throw .badRequest("the request path \(path) has an invalid percent escape")
      }
      return decoded
    }
  }
}

/// Answers one routed request inside a transaction on the state, which the sandbox commits
/// only when the answer is a success, so a refused request changes nothing.
struct RequestHandler {
  let store: SandboxStore
  let now: Date
  /// In seconds.
  let accessTokenLifetime: Int
  /// In seconds.
  let refreshTokenReuseInterval: TimeInterval
  /// The sandbox's own: a refused login counts even though its transaction is rolled back.
  let loginThrottle: LoginThrottle
  let listReplies: ListReplies

  func respond(to route: Route, prepared: PreparedRequest) throws(APIError)
    -> SandboxResponse
  {
    let request = prepared.request
    return switch route {
    case .login: try login(request)
    case .refresh: try refresh(request)
    case .logout: try logout(request)
    case .listCards: try listCards(request)
    case .searchCards(let query): try searchCards(query, request)
    case .reorderCards: try reorderCards(request)
    case .createCard: try createCard(request, form: prepared.form)
    case .cardDetail(let cardId): try cardDetail(cardId, request)
    case .deleteCard(let cardId): try deleteCard(cardId, request)
    case .cardImage(let cardId): try cardImage(cardId, request)
    }
  }

  /// The grant of the `Authorization: Bearer` token (scheme in any case); `401` when it is
  /// missing, of another scheme, unknown or expired.
  func authenticate(_ request: SandboxRequest) throws(APIError) -> AccessGrant {
    guard let authorization = request.headers["Authorization"] else {
      throw .unauthorized("the request has no access token; send Authorization: Bearer <token>")
    }
    // RFC 9110 §11.4: the scheme, one or more spaces, the token.
    let parts = authorization.split(separator: " ")
    guard parts.count == 2, parts[0].lowercased() == "bearer" else {
      throw .unauthorized("the Authorization header must use the Bearer scheme")
    }
    return try store.sessions.grant(forAccessToken: String(parts[1]), now: now)
  }
}
