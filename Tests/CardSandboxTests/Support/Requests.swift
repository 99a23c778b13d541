import CardPrimitives
import CardSandbox
import Foundation
import Testing

/// Builders for the requests the tests send.
enum Requests {
  /// A request with a JSON body given as text.
  static func json(
    _ method: String, _ path: String, _ text: String, token: String? = nil,
    contentType: String = "application/json"
  ) -> SandboxRequest {
    var headers: HeaderFields = ["Content-Type": contentType]
    if let token { headers["Authorization"] = "Bearer \(token)" }
    return SandboxRequest(method: method, path: path, headers: headers, body: Data(text.utf8))
  }

  /// A bodiless request, with a bearer token when given.
  static func plain(_ method: String, _ path: String, token: String? = nil) -> SandboxRequest {
    var headers: HeaderFields = [:]
    if let token { headers["Authorization"] = "Bearer \(token)" }
    return SandboxRequest(method: method, path: path, headers: headers)
  }

  /// `POST /auth/login`.
  static func login(_ userId: String = "demo", _ password: String = "demo") -> SandboxRequest {
    json("POST", "/auth/login", #"{"userId": "\#(userId)", "password": "\#(password)"}"#)
  }

  /// `POST /auth/refresh`.
  static func refresh(_ refreshToken: String) -> SandboxRequest {
    json("POST", "/auth/refresh", #"{"refreshToken": "\#(refreshToken)"}"#)
  }

  /// `PUT /cards` with the ids.
  static func reorder(_ cardIds: [String], token: String) -> SandboxRequest {
    let list = cardIds.map { "\"\($0)\"" }.joined(separator: ", ")
    return json("PUT", "/cards", #"{"cardIds": [\#(list)]}"#, token: token)
  }

  /// `POST /card` with the form.
  static func create(_ form: TestForm, token: String) -> SandboxRequest {
    SandboxRequest(
      method: "POST", path: "/card",
      headers: ["Content-Type": form.contentType, "Authorization": "Bearer \(token)"],
      body: form.body)
  }
}

/// A logged-in user's tokens.
struct Session {
  let accessToken: String
  let refreshToken: String
}

extension Sandbox {
  /// Logs in and returns the tokens, failing the test on anything but `200`.
  func login(_ userId: String = "demo", _ password: String = "demo") async throws -> Session {
    let response = try await handle(Requests.login(userId, password))
    let token = try ParsedEnvelope(response).object()
    return Session(
      accessToken: try #require(token["accessToken"] as? String),
      refreshToken: try #require(token["refreshToken"] as? String))
  }
}

extension Sandbox {
  /// Refreshes with `refreshToken` and returns the new tokens, failing the test on anything
  /// but `200`.
  func refresh(_ refreshToken: String) async throws -> Session {
    let response = try await handle(Requests.refresh(refreshToken))
    #expect(response.status == 200)
    let token = try ParsedEnvelope(response).object()
    return Session(
      accessToken: try #require(token["accessToken"] as? String),
      refreshToken: try #require(token["refreshToken"] as? String))
  }
}

extension Sandbox {
  /// A bodiless request with the session's access token.
  func handle(_ method: String, _ path: String, as session: Session) async throws
    -> SandboxResponse
  {
    try await handle(Requests.plain(method, path, token: session.accessToken))
  }

  /// The ids of the user's cards in list order, from `GET /cards`.
  func cardIds(token: String) async throws -> [String] {
    let cards = try ParsedEnvelope(try await handle(Requests.plain("GET", "/cards", token: token)))
      .objects()
    return try cards.map { try #require($0["cardId"] as? String) }
  }
}
