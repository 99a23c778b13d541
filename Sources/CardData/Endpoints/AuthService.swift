import CardDomain

/// The session endpoints of the contract, one case per call, as Moya's `TargetType` enums
/// do. Printing a value never shows the password or the refresh token.
public enum AuthService: TargetType, Hashable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// `POST /auth/login` with `{"userId", "password"}`; data ``TokenDTO``. No Bearer token.
  case login(userID: UserID, password: Password)
  /// `POST /auth/refresh` with `{"refreshToken"}`; data a new ``TokenDTO``. No Bearer token.
  case refresh(refreshToken: String)
  /// `POST /auth/logout` with the Bearer token; data `null` (``NoPayload``).
  case logout

  /// `/auth/login`, `/auth/refresh` or `/auth/logout`.
  public var path: RequestPath {
    switch self {
    case .login: "/auth/login"
    case .refresh: "/auth/refresh"
    case .logout: "/auth/logout"
    }
  }

  /// Always `POST`.
  public var method: HTTPMethod { .post }

  /// The credentials or the refresh token as JSON; nothing for logout.
  public var task: RequestTask {
    switch self {
    case .login(let userID, let password):
      .json(LoginRequestDTO(userID: userID, password: password))
    case .refresh(let refreshToken): .json(RefreshRequestDTO(refreshToken: refreshToken))
    case .logout: .plain
    }
  }

  /// None: the pipeline sets `Accept` and `Content-Type`.
  public var headers: HTTPHeaders { [:] }

  /// The Bearer token for logout only: login and refresh are how a session gets one.
  public var authorization: AuthorizationRequirement {
    switch self {
    case .login, .refresh: .anonymous
    case .logout: .bearer
    }
  }

  /// A `200` envelope: an obviously fake token pair for login and refresh, `null` for logout.
  public var sampleResponse: HTTPResponse {
    switch self {
    case .login: .sampleJSON(status: 200, AuthServiceSamples.login)
    case .refresh: .sampleJSON(status: 200, AuthServiceSamples.refresh)
    case .logout: .sampleJSON(status: 200, AuthServiceSamples.logout)
    }
  }

  /// The case name, such as `login`.
  public var name: String {
    switch self {
    case .login: "login"
    case .refresh: "refresh"
    case .logout: "logout"
    }
  }

  /// The case with its secrets redacted, such as `refresh(refreshToken: <redacted>)`.
  public var description: String {
    switch self {
    case .login(let userID, _): "login(userID: \(userID), password: <redacted>)"
    case .refresh: "refresh(refreshToken: <redacted>)"
    case .logout: "logout"
    }
  }
  /// Same as ``description``.
  public var debugDescription: String { description }
  /// A mirror with no children, so `dump` shows nothing secret.
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}
