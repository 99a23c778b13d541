import CardDataTesting
import CardPrimitives
import CardSandbox
import Foundation
import Testing

@Suite("Auth endpoints")
struct AuthTests {
  @Test func loginAnswers200WithATokenOfExactlyThreeTypedFields() async throws {
    let sandbox = Sandbox()
    let response = try await sandbox.handle(Requests.login("demo", "demo"))
    #expect(response.status == 200)
    #expect(response.headers["Cache-Control"] == "no-store")
    let envelope = try ParsedEnvelope(response)
    let token = try envelope.object()
    #expect(Set(token.keys) == ["accessToken", "refreshToken", "expiresIn"])
    #expect(JSONType(of: token["accessToken"]) == .string)
    #expect(JSONType(of: token["refreshToken"]) == .string)
    #expect(JSONType(of: token["expiresIn"]) == .integer)
    #expect(token["expiresIn"] as? Int == 3600)
    let access = try #require(token["accessToken"] as? String)
    let refresh = try #require(token["refreshToken"] as? String)
    #expect(access.hasPrefix("at_") && access.count == 46)
    #expect(refresh.hasPrefix("rt_") && refresh.count == 46)
    #expect(access.dropFirst(3).allSatisfy { $0.isLetter || $0.isNumber || "-_".contains($0) })
  }

  @Test func everyLoginIssuesDifferentTokens() async throws {
    let sandbox = Sandbox()
    let first = try await sandbox.login()
    let second = try await sandbox.login()
    #expect(first.accessToken != second.accessToken)
    #expect(first.refreshToken != second.refreshToken)
  }

  @Test func expiresInFollowsTheConfiguredLifetime() async throws {
    let sandbox = Sandbox(accessTokenLifetime: .seconds(90))
    let token = try ParsedEnvelope(try await sandbox.handle(Requests.login())).object()
    #expect(token["expiresIn"] as? Int == 90)
  }

  @Test(arguments: [("demo", "wrong"), ("nobody", "demo"), ("guest", "demo"), ("DEMO", "demo")])
  func wrongCredentialsAnswer401WithAMessage(userId: String, password: String) async throws {
    let response = try await Sandbox().handle(Requests.login(userId, password))
    #expect(response.status == 401)
    #expect(response.headers["WWW-Authenticate"] != nil)
    #expect(try ParsedEnvelope(response).message == "the userId or the password is incorrect")
  }

  @Test(arguments: [
    ("", "the request body is empty; send a JSON object"),
    ("{", "the request body is not valid JSON"),
    ("[]", "the request body must be a JSON object"),
    (#"{"password": "demo"}"#, "userId is required"),
    (#"{"userId": "demo"}"#, "password is required"),
    (#"{"userId": 7, "password": "demo"}"#, "userId must be a string"),
    (#"{"userId": null, "password": "demo"}"#, "userId must not be null"),
    (#"{"userId": "", "password": "demo"}"#, "userId must not be empty"),
  ])
  func malformedLoginBodiesAnswer400NamingTheProblem(body: String, message: String) async throws {
    let response = try await Sandbox().handle(Requests.json("POST", "/auth/login", body))
    #expect(response.status == 400)
    #expect(try ParsedEnvelope(response).message == message)
  }

  @Test(arguments: [
    "text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1",
  ])
  func jsonEndpointsRefuseOtherContentTypesWith415(contentType: String) async throws {
    let request = Requests.json(
      "POST", "/auth/login", #"{"userId": "demo", "password": "demo"}"#, contentType: contentType)
    let response = try await Sandbox().handle(request)
    #expect(response.status == 415)
    _ = try ParsedEnvelope(response)
  }

  @Test func aJSONContentTypeWithParametersAndAnyCaseIsAccepted() async throws {
    let request = Requests.json(
      "POST", "/auth/login", #"{"userId": "demo", "password": "demo"}"#,
      contentType: "Application/JSON; charset=UTF-8")
    #expect(try await Sandbox().handle(request).status == 200)
  }

  @Test func aRequestWithoutAContentTypeIsRefusedWith415() async throws {
    let request = SandboxRequest(
      method: "POST", path: "/auth/login", body: Data(#"{"userId":"demo","password":"demo"}"#.utf8))
    let response = try await Sandbox().handle(request)
    #expect(response.status == 415)
    #expect(
      try ParsedEnvelope(response).message
        == "the Content-Type must be application/json, but the request has none")
  }

  @Test func refreshAnswersANewPairAndTheOldRefreshTokenStopsWorkingAfterItsReuseInterval()
    async throws
  {
    let clock = FakeWallClock()
    let sandbox = Sandbox(clock: clock.now)
    let session = try await sandbox.login()
    let response = try await sandbox.handle(Requests.refresh(session.refreshToken))
    #expect(response.status == 200)
    let token = try ParsedEnvelope(response).object()
    #expect(Set(token.keys) == ["accessToken", "refreshToken", "expiresIn"])
    let newAccess = try #require(token["accessToken"] as? String)
    let newRefresh = try #require(token["refreshToken"] as? String)
    #expect(newAccess != session.accessToken && newRefresh != session.refreshToken)

    clock.advance(by: Sandbox.defaultRefreshTokenReuseInterval)
    let reused = try await sandbox.handle(Requests.refresh(session.refreshToken))
    #expect(reused.status == 401)
    _ = try ParsedEnvelope(reused)
    #expect(
      try await sandbox.handle(Requests.plain("GET", "/cards", token: newAccess)).status == 200)
    #expect(try await sandbox.handle(Requests.refresh(newRefresh)).status == 200)
  }

  @Test func anUnknownRefreshTokenAnswers401AnEmptyOne400() async throws {
    let sandbox = Sandbox()
    #expect(try await sandbox.handle(Requests.refresh("rt_nope")).status == 401)
    #expect(try await sandbox.handle(Requests.refresh("")).status == 400)
    let wrongField = Requests.json("POST", "/auth/refresh", #"{"token": "x"}"#)
    #expect(
      try ParsedEnvelope(try await sandbox.handle(wrongField)).message == "refreshToken is required"
    )
  }

  @Test func logoutAnswers200WithNullDataAndRevokesTheRefreshAndAccessTokens() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let other = try await sandbox.login()
    let response = try await sandbox.handle("POST", "/auth/logout", as: session)
    #expect(response.status == 200)
    #expect(try ParsedEnvelope(response).dataIsNull)

    #expect(try await sandbox.handle(Requests.refresh(session.refreshToken)).status == 401)
    let list = Requests.plain("GET", "/cards", token: session.accessToken)
    #expect(try await sandbox.handle(list).status == 401)
    // Another session of the same user is untouched.
    #expect(
      try await sandbox.handle("GET", "/cards", as: other).status
        == 200)
    #expect(try await sandbox.handle(Requests.refresh(other.refreshToken)).status == 200)
  }

  @Test func logoutAfterARefreshAlsoRevokesTheRotatedTokensOfTheSession() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let token = try ParsedEnvelope(try await sandbox.handle(Requests.refresh(session.refreshToken)))
      .object()
    let newRefresh = try #require(token["refreshToken"] as? String)
    let newAccess = try #require(token["accessToken"] as? String)
    // The access token issued before the refresh still works until it expires.
    let logout = Requests.plain("POST", "/auth/logout", token: session.accessToken)
    #expect(try await sandbox.handle(logout).status == 200)
    #expect(try await sandbox.handle(Requests.refresh(newRefresh)).status == 401)
    #expect(
      try await sandbox.handle(Requests.plain("GET", "/cards", token: newAccess)).status == 401)
  }

  @Test func logoutWithoutATokenAnswers401() async throws {
    let response = try await Sandbox().handle(Requests.plain("POST", "/auth/logout"))
    #expect(response.status == 401)
    _ = try ParsedEnvelope(response)
  }

  @Test func anAccessTokenExpiresAfterItsLifetimeOnTheInjectedClock() async throws {
    let clock = FakeWallClock()
    let sandbox = Sandbox(clock: clock.now)
    let session = try await sandbox.login()
    let list = Requests.plain("GET", "/cards", token: session.accessToken)
    clock.advance(by: .seconds(3599))
    #expect(try await sandbox.handle(list).status == 200)
    clock.advance(by: .seconds(1))
    let expired = try await sandbox.handle(list)
    #expect(expired.status == 401)
    #expect(
      try ParsedEnvelope(expired).message
        == "the access token has expired; refresh it or log in again")
    // The refresh token still gives a working pair.
    let token = try ParsedEnvelope(try await sandbox.handle(Requests.refresh(session.refreshToken)))
      .object()
    let newAccess = try #require(token["accessToken"] as? String)
    #expect(
      try await sandbox.handle(Requests.plain("GET", "/cards", token: newAccess)).status == 200)
  }

  @Test(
    arguments: [
      (nil, "the request has no access token; send Authorization: Bearer <token>"),
      ("Basic ZGVtbzpkZW1v", "the Authorization header must use the Bearer scheme"),
      ("Bearer", "the Authorization header must use the Bearer scheme"),
      ("Bearer at_unknown", "the access token is not valid; log in again"),
    ] as [(String?, String)])
  func cardEndpointsAnswer401ForAMissingMalformedOrUnknownToken(
    authorization: String?, message: String
  ) async throws {
    var headers: HeaderFields = [:]
    headers["Authorization"] = authorization
    let response = try await Sandbox().handle(
      SandboxRequest(method: "GET", path: "/cards", headers: headers))
    #expect(response.status == 401)
    #expect(response.headers["www-authenticate"] == #"Bearer realm="card-sandbox""#)
    #expect(try ParsedEnvelope(response).message == message)
  }

  @Test func theBearerSchemeIsCaseInsensitive() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let request = SandboxRequest(
      method: "GET", path: "/cards", headers: ["authorization": "bearer \(session.accessToken)"])
    #expect(try await sandbox.handle(request).status == 200)
  }

  @Test func aRequestsDescriptionShowsNeitherTokensNorPasswords() async throws {
    let request = Requests.json(
      "POST", "/auth/login?next=x", #"{"userId": "demo", "password": "s3cret"}"#, token: "at_abc")
    #expect(request.description == "POST /auth/login (\(request.body.count) bytes)")
    #expect(!String(reflecting: request).contains("s3cret"))
    let response = try await Sandbox().handle(Requests.login())
    #expect(response.description == "200 (\(response.body.count) bytes)")
  }
}

@Suite("Sandbox token lifetime")
struct SandboxTokenLifetimeTests {
  @Test(arguments: [Duration.zero, .milliseconds(300), .seconds(-5)])
  func aLifetimeUnderOneSecondIsTakenAsOneSecond(_ lifetime: Duration) async throws {
    let sandbox = Sandbox(accessTokenLifetime: lifetime)
    let login = try await sandbox.handle(
      SandboxRequest(
        method: "POST", path: "/auth/login", headers: ["Content-Type": "application/json"],
        body: Data(#"{"userId":"demo","password":"demo"}"#.utf8)))
    let object = try JSONSerialization.jsonObject(with: login.body) as? [String: Any]
    let data = object?["data"] as? [String: Any]
    #expect(login.status == 200)
    #expect(data?["expiresIn"] as? Int == 1)
  }
}
