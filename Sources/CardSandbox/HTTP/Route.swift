/// The endpoints the sandbox serves, with their path parameters.
enum Route: Sendable, Equatable {
  /// `POST /auth/login`.
  case login
  /// `POST /auth/refresh`.
  case refresh
  /// `POST /auth/logout`.
  case logout
  /// `GET /cards`.
  case listCards
  /// `PUT /cards`.
  case reorderCards
  /// `POST /card`.
  case createCard
  /// `GET /card/{cardId}`.
  case cardDetail(String)
  /// `DELETE /card/{cardId}`.
  case deleteCard(String)
  /// `GET /card/{cardId}/image`, the uploaded picture's bytes (beyond the contract).
  case cardImage(String)

  /// The route of `request`: `404` for an unknown path, `405` with `Allow` for a method
  /// the path does not support.
  init(of request: SandboxRequest) throws(APIError) {
    let target = try RequestTarget(request.path)
    let methods: [String: Route]
    switch target.segments {
    case ["auth", "login"]: methods = ["POST": .login]
    case ["auth", "refresh"]: methods = ["POST": .refresh]
    case ["auth", "logout"]: methods = ["POST": .logout]
    case ["cards"]: methods = ["GET": .listCards, "PUT": .reorderCards]
    case ["card"]: methods = ["POST": .createCard]
    case let segments where segments.count == 2 && segments[0] == "card":
      methods = ["GET": .cardDetail(segments[1]), "DELETE": .deleteCard(segments[1])]
    case let segments where segments.count == 3 && segments[0] == "card" && segments[2] == "image":
      methods = ["GET": .cardImage(segments[1])]
    default:
      throw .notFound("no resource at \(target.path)")
    }
    guard let route = methods[request.method] else {
      throw .methodNotAllowed(request.method, path: target.path, allowed: methods.keys.sorted())
    }
    self = route
  }

  /// Whether answering the route may change the stored state, which is then saved.
  var changesState: Bool {
    switch self {
    case .login, .refresh, .logout, .reorderCards, .createCard, .deleteCard: true
    case .listCards, .cardDetail, .cardImage: false
    }
  }
}
