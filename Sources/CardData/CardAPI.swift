import CardDomain
import Foundation

/// The card service's client, built in one call: the card and auth repositories over a
/// transport, with the session's credential kept in a store and refreshed when due.
///
/// ```swift
/// let api = CardAPI(
///   baseURL: URL(string: "https://cards.example")!, transport: transport, store: store)
/// let cards = try await ListCardsUseCase(repository: api.cards).execute()
/// ```
///
/// Inside, every request passes the same middleware, in the one order `chain` gives; the token
/// refresh passes the same chain without `Authentication`, so that a refresh never waits for
/// itself.
public struct CardAPI: Sendable {
  public let cards: RemoteCardRepository
  public let auth: RemoteAuthRepository

  /// - Parameters:
  ///   - baseURL: the service's root, less any query and trailing slashes; each endpoint's
  ///     path is appended to it.
  ///   - transport: sends each attempt and returns every status as a reply.
  ///   - store: keeps the session's credential between runs; a refresh replaces it there.
  ///   - middleware: what the app adds around each call (notes, progress), after the log's
  ///     call line and before the deadline.
  ///   - log: the request log, if any, placed first and last in the chain.
  ///   - deadline: bounds each call, all its attempts and delays included.
  ///   - clock: dates credentials and deadlines.
  ///   - sleeper: waits out retry delays.
  public init(
    baseURL: URL, transport: any HTTPTransport, store: any CredentialStore,
    middleware: [any ClientMiddleware] = [], log: RequestLog? = nil, deadline: CallDeadline? = nil,
    clock: any WallClock = SystemWallClock(), sleeper: any Sleeper = TaskSleeper()
  ) {
    self.init(
      baseURL: baseURL, transport: transport, store: store, middleware: middleware, log: log,
      retryPolicy: RetryPolicy(), deadline: deadline, knownTokens: KnownTokens(), clock: clock,
      sleeper: sleeper)
  }

  /// `knownTokens` learns the session's tokens, which every error's message and every log line
  /// sharing it hide (give the log a ``Redactor`` with the same).
  package init(
    baseURL: URL, transport: any HTTPTransport, store: any CredentialStore,
    middleware: [any ClientMiddleware] = [], log: RequestLog? = nil, retryPolicy: RetryPolicy,
    deadline: CallDeadline? = nil, knownTokens: KnownTokens,
    clock: any WallClock = SystemWallClock(), sleeper: any Sleeper = TaskSleeper()
  ) {
    func pipeline(_ authentication: Authentication?) -> RequestPipeline {
      RequestPipeline(
        baseURL: baseURL, transport: transport,
        middleware: Self.chain(
          middleware, log: log, deadline: deadline, retryPolicy: retryPolicy,
          authentication: authentication),
        sleeper: sleeper, clock: clock,
        redactor: Redactor(knownTokens: knownTokens))
    }
    let refresher = APITokenRefresher(client: pipeline(nil), clock: clock)
    let client = pipeline(
      Authentication(store: store, refresher: refresher, clock: clock, knownTokens: knownTokens))
    cards = RemoteCardRepository(client: client)
    auth = RemoteAuthRepository(client: client, store: store, clock: clock)
  }

  /// The order of the chain, outermost first: the log's call lines; the app's middleware; the
  /// deadline, which the retry policy and every attempt keep to; the retry policy, which sends
  /// again what failed in passing; authentication, inside the retries so that each attempt
  /// carries the newest credential; the log's attempt lines, which so see the request as sent.
  static func chain(
    _ middleware: [any ClientMiddleware], log: RequestLog?, deadline: CallDeadline?,
    retryPolicy: RetryPolicy, authentication: Authentication?
  ) -> [any ClientMiddleware] {
    let chain: [(any ClientMiddleware)?] =
      [log?.at(.call)] + middleware + [deadline, retryPolicy, authentication, log?.at(.attempt)]
    return chain.compactMap { $0 }
  }
}
