import CardServiceClient
import Testing

extension GeneratedClientTests {
  /// `login`, `refresh` and `logout`.
  @Suite("auth operations")
  struct AuthOperationTests {
    /// The token reply is the token envelope, typed, and says it must not be cached.
    @Test func loginAnswersATokenPairThatMustNotBeCached() async throws {
      let server = try await CardServer.reset()

      let reply = try await server.client().login(
        body: .json(.init(userId: "demo", password: "demo"))
      ).ok

      #expect(reply.headers.cacheControl == .noStore)
      let envelope = try reply.body.json
      #expect(envelope.status == 200)
      #expect(envelope.success)
      #expect(!envelope.data.accessToken.isEmpty)
      #expect(!envelope.data.refreshToken.isEmpty)
      #expect(envelope.data.expiresIn > 0)
    }

    /// Wrong credentials: the error envelope, `data` null, and the Bearer challenge.
    @Test func loginWithAWrongPasswordAnswers401WithTheBearerChallenge() async throws {
      let server = try await CardServer.reset()

      let reply = try await server.client().login(
        body: .json(.init(userId: "demo", password: "wrong"))
      ).unauthorized

      #expect(reply.headers.wwwAuthenticate.lowercased().hasPrefix("bearer"))
      let envelope = try reply.body.json
      #expect(envelope.status == 401)
      #expect(!envelope.success)
      #expect(envelope.data.value == nil)
    }

    /// A body the schema refuses reaches the server all the same, which names the field.
    @Test func loginWithAnEmptyUserIdAnswers400NamingIt() async throws {
      let server = try await CardServer.reset()

      let envelope = try await server.client().login(
        body: .json(.init(userId: "", password: "demo"))
      ).badRequest.body.json

      #expect(envelope.status == 400)
      #expect(envelope.message.contains("userId"))
    }

    /// After 5 failed logins the right password is refused too, with how long to wait.
    @Test func theLoginAfterFiveFailuresAnswers429WithRetryAfter() async throws {
      let server = try await CardServer.reset()
      let client = server.client()
      for _ in 1...5 {
        _ = try await client.login(body: .json(.init(userId: "guest", password: "wrong")))
          .unauthorized
      }

      let reply = try await client.login(body: .json(.init(userId: "guest", password: "guest")))
        .tooManyRequests

      #expect((1...60).contains(try #require(Int(reply.headers.retryAfter))))
      #expect(try reply.body.json.status == 429)
    }

    /// A refresh answers a new pair; the spent refresh token is not the new one.
    @Test func refreshAnswersANewPair() async throws {
      let server = try await CardServer.reset()
      let client = server.client()
      let first = try await client.login(body: .json(.init(userId: "demo", password: "demo")))
        .ok.body.json.data

      let second = try await client.refresh(body: .json(.init(refreshToken: first.refreshToken)))
        .ok.body.json.data

      #expect(second.refreshToken != first.refreshToken)
      #expect(second.accessToken != first.accessToken)
    }

    @Test func refreshWithAnUnknownTokenAnswers401() async throws {
      let server = try await CardServer.reset()

      let envelope = try await server.client().refresh(
        body: .json(.init(refreshToken: "rt_unknown"))
      ).unauthorized.body.json

      #expect(envelope.status == 401)
    }

    @Test func refreshWithAnEmptyTokenAnswers400NamingIt() async throws {
      let server = try await CardServer.reset()

      let envelope = try await server.client().refresh(body: .json(.init(refreshToken: "")))
        .badRequest.body.json

      #expect(envelope.message.contains("refreshToken"))
    }

    /// Logout answers the empty envelope, and the session's refresh token stops working.
    @Test func logoutAnswersNoDataAndRevokesTheRefreshToken() async throws {
      let server = try await CardServer.reset()
      let token = try await server.client().login(
        body: .json(.init(userId: "demo", password: "demo"))
      ).ok.body.json.data

      let envelope = try await server.client(accessToken: token.accessToken).logout()
        .ok.body.json

      #expect(envelope.status == 200)
      #expect(envelope.data.value == nil)
      _ = try await server.client().refresh(body: .json(.init(refreshToken: token.refreshToken)))
        .unauthorized
    }

    @Test func logoutWithoutATokenAnswers401() async throws {
      let server = try await CardServer.reset()

      _ = try await server.client().logout().unauthorized
    }
  }
}
