import CardData
import CardDataTesting
import CardDomain
import CardPrimitives
import Foundation

/// A server stand-in for the stub's fallback handler: 200 when the request carries
/// `Authorization: Bearer <an accepted token>`, else a 401 envelope. It counts the requests
/// it saw per token.
final class TokenCheckingServer: Sendable {
  private struct State {
    var accepted: Set<String>
    var seenTokens: [String?] = []
  }

  private let state: Protected<State>

  init(accepting tokens: Set<String>) { state = Protected(State(accepted: tokens)) }

  /// The bearer tokens of every request, in order (`nil` for none).
  var seenTokens: [String?] { state.withLock { $0.seenTokens } }

  func accept(only tokens: Set<String>) { state.withLock { $0.accepted = tokens } }

  func reply(to request: HTTPRequest) -> StubReply {
    let token = request.headers["Authorization"].flatMap { value in
      value.hasPrefix("Bearer ") ? String(value.dropFirst("Bearer ".count)) : nil
    }
    let accepted = state.withLock { state in
      state.seenTokens.append(token)
      return token.map(state.accepted.contains) ?? false
    }
    return accepted
      ? .status(200, body: #"{"status":200,"success":true,"message":"ok","data":null}"#)
      : .envelope(status: 401, message: "invalid token")
  }
}

/// A credential whose access token is `token`, expiring `expiresIn` seconds after `clock`'s
/// time.
func credential(_ token: String, expiresIn: TimeInterval, clock: FakeWallClock) -> AuthCredential {
  AuthCredential(
    userID: "demo", accessToken: token, refreshToken: "refresh-of-\(token)",
    expiresAt: clock.now().addingTimeInterval(expiresIn))
}

/// Everything an authentication test needs, wired the way the app wires it: a client whose
/// chain is the authentication middleware, over a stub whose fallback is a
/// ``TokenCheckingServer``.
struct AuthFixture {
  let clock: FakeWallClock
  let store: InMemoryCredentialStore
  /// The store as the middleware sees it.
  let observed: ObservedCredentialStore
  let refresher: SpyTokenRefresher
  let server: TokenCheckingServer
  let transport: StubTransport
  let authenticator: Authentication
  let client: RequestPipeline

  /// - Parameters:
  ///   - token: the stored access token; `nil` for an empty store.
  ///   - expiresIn: seconds until the stored token expires by the clock.
  ///   - accepting: the tokens the server accepts; the refresher issues `access-1`,
  ///     `access-2`, … in order.
  ///   - holdsRefreshes: each refresh waits for the test's `completeRefresh`.
  ///   - issuedLifetime: seconds each refreshed token lives.
  init(
    token: String? = "access-0", expiresIn: TimeInterval = 3_600,
    accepting: Set<String> = ["access-0", "access-1"],
    holdsRefreshes: Bool = false, refresherFailure: CardError? = nil,
    refreshLimit: RefreshLimit = RefreshLimit(), issuedLifetime: TimeInterval = 3_600
  ) {
    let clock = FakeWallClock()
    let stored = token.map { credential($0, expiresIn: expiresIn, clock: clock) }
    let store = InMemoryCredentialStore(credential: stored)
    let observed = ObservedCredentialStore(store)
    let refresher = SpyTokenRefresher(
      clock: clock, failure: refresherFailure, holdsRefreshes: holdsRefreshes,
      lifetime: issuedLifetime)
    let server = TokenCheckingServer(accepting: accepting)
    let transport = StubTransport { request in server.reply(to: request) }
    let authenticator = Authentication(
      store: observed, refresher: refresher, clock: clock,
      refreshLimit: refreshLimit)
    self.clock = clock
    self.store = store
    self.observed = observed
    self.refresher = refresher
    self.server = server
    self.transport = transport
    self.authenticator = authenticator
    self.client = RequestPipeline(
      baseURL: testBaseURL, transport: transport, middleware: [authenticator],
      sleeper: RecordingSleeper())
  }

  /// A bearer-authorized GET.
  static let protected = TestEndpoint.get("/cards", authorization: .bearer)

  /// Starts `count` bearer requests at once, each numbered in ``RequestNumber``; the task's
  /// value is their outcomes.
  func sendConcurrently(_ count: Int) -> Task<[Result<HTTPResponse, CardError>], Never> {
    Task { [client] in
      await withTaskGroup(of: Result<HTTPResponse, CardError>.self) { group in
        for number in 0..<count {
          group.addTask {
            await RequestNumber.$current.withValue(number) {
              await outcome(of: client, Self.protected)
            }
          }
        }
        var results: [Result<HTTPResponse, CardError>] = []
        for await result in group { results.append(result) }
        return results
      }
    }
  }
}
