import CardDomain
import Foundation
import Synchronization

/// Adds `Authorization: Bearer <accessToken>` to requests that need it and keeps the
/// credential fresh, in the manner of Alamofire's `AuthenticationInterceptor`.
///
/// - **Proactive**: a credential due (``AuthCredential/needsRefresh(window:now:)``) is
///   refreshed before sending; if that fails offline or with a 5xx while the token still
///   works, the request goes ahead with it.
/// - **Reactive**: a 401 to a request sent with the current credential refreshes it and
///   retries once; one sent with an *older* credential is retried at once.
/// - **Single flight**: concurrent requests share one refresh call and its result, including
///   requests that began before it ended but asked after.
/// - **Across processes**: the refresh runs under the store's lock
///   (``CredentialStore/refreshCredential(replacing:using:)``).
/// - **Loop guard**: more than ``refreshLimit`` refreshes end the session.
/// - **Failure**: a refused refresh token (400, 401, 403) clears the stored credential, if no
///   newer one was stored meanwhile, and fails every waiter with `sessionExpired`; a refresh
///   without a verdict (offline, 5xx, 429) keeps it and fails the waiters with its error.
///
/// The refresh call itself must be sent by a client without this interceptor.
public actor AuthenticationInterceptor: RequestAdapter, RequestRetrier {
  public let refreshWindow: Duration
  public let refreshLimit: RefreshLimit

  private let store: any CredentialStore
  private let refresher: any TokenRefresher
  private let clock: any WallClock
  /// When the refreshes inside the current ``refreshLimit`` window began.
  private var refreshTimes: [Date] = []
  private var inFlight: (generation: Int, task: Task<AuthCredential, any Error>)?
  /// How many refreshes have ended; a request remembers the count when it begins. Written on
  /// the actor, read off it by the common case of ``adapt(_:context:)``.
  private let endedRefreshes = Atomic(0)
  /// The last refresh that failed, and the credential it failed to replace.
  private var lastFailure: (stale: AuthCredential, error: CardError)?

  /// `refresher` makes the refresh call with a client that bypasses this interceptor;
  /// `refreshWindow` is how close to expiry to refresh before use.
  public init(
    store: any CredentialStore,
    refresher: any TokenRefresher,
    clock: any WallClock = SystemWallClock(),
    refreshWindow: Duration = .seconds(300),
    refreshLimit: RefreshLimit = RefreshLimit()
  ) {
    self.store = store
    self.refresher = refresher
    self.clock = clock
    self.refreshWindow = refreshWindow
    self.refreshLimit = refreshLimit
  }

  /// The common case runs off the actor: a stored credential not due for a refresh is used as
  /// it is, so most requests never wait for one another. Anything else is decided on the
  /// actor, with the count of ended refreshes read before the store, which lets this request
  /// share a refresh that ends meanwhile.
  public nonisolated func adapt(_ request: HTTPRequest, context: RequestContext)
    async throws(CardError) -> HTTPRequest
  {
    guard context.authorization == .bearer else { return request }
    let began = endedRefreshes.load(ordering: .acquiring)
    let stored = try await storedCredential()
    let credential: AuthCredential
    if let stored, !stored.needsRefresh(window: refreshWindow, now: clock.now()) {
      credential = stored
    } else {
      credential = try await freshCredential(after: stored, sharingFailuresSince: began)
    }
    var adapted = request
    adapted.headers["Authorization"] = "Bearer \(credential.accessToken)"
    return adapted
  }

  private func freshCredential(after stored: AuthCredential?, sharingFailuresSince began: Int)
    async throws(CardError) -> AuthCredential
  {
    guard var credential = stored else {
      return try await missingCredential(sharingFailuresSince: began)
    }
    do {
      credential = try await refreshed(replacing: credential, sharingFailuresSince: began)
    } catch {
      // No verdict on the token (offline, a server failure, throttled): a token that still
      // works is better than no request.
      guard error.leavesTheTokenUndecided, credential.isValid(at: clock.now()) else {
        throw error
      }
    }
    return credential
  }

  /// Retries a request that got a 401 once: at once when it was sent with an older
  /// credential than the current one, else after one shared refresh.
  public func retry(
    _ request: HTTPRequest, after outcome: Result<HTTPResponse, TransportError>,
    context: RequestContext
  ) async -> RetryDecision {
    guard context.authorization == .bearer,
      case .success(let response) = outcome, response.status == 401,
      context.retryCount(for: .authentication) == 0
    else { return .noDecision }

    let sentHeader = request.headers["Authorization"]
    let began = endedRefreshes.load(ordering: .acquiring)
    do throws(CardError) {
      let current: AuthCredential
      do {
        current = try await loadCredential(sharingFailuresSince: began)
      } catch .signedOut {
        throw failureShared(withRequestSentAs: sentHeader) ?? .signedOut
      }
      if sentHeader != "Bearer \(current.accessToken)" {
        return .retry(after: .zero, reason: .authentication)
      }
      if let shared = failureShared(withRequestSentAs: sentHeader) { throw shared }
      _ = try await refreshed(replacing: current, sharingFailuresSince: began)
      return .retry(after: .zero, reason: .authentication)
    } catch {
      return .fail(error)
    }
  }

  /// Read each time: another process may have replaced it.
  private nonisolated func storedCredential() async throws(CardError) -> AuthCredential? {
    do { return try await store.load() } catch { throw CardError(error) }
  }

  /// The stored credential; when the store is empty because a refresh that ended after
  /// `began` was refused, that refusal.
  private func loadCredential(sharingFailuresSince began: Int) async throws(CardError)
    -> AuthCredential
  {
    guard let loaded = try await storedCredential() else {
      return try await missingCredential(sharingFailuresSince: began)
    }
    return loaded
  }

  /// A refused refresh empties the store before it is recorded as ended, so a request that
  /// finds the store empty waits for a refresh in flight, or takes a refusal that ended after
  /// it began; otherwise the user is signed out.
  private func missingCredential(sharingFailuresSince began: Int) async throws(CardError)
    -> AuthCredential
  {
    if let inFlight { return try await Self.result(of: inFlight.task) }
    throw failure(replacing: nil, endedSince: began) ?? .signedOut
  }

  /// A credential newer than `stale`: the stored one if it already differs, the refresh in
  /// flight, or a new refresh; a refresh of `stale` that failed after `began` fails this
  /// request too. Nothing suspends between reading the store and recording the refresh task,
  /// so concurrent callers either join that task or see its result.
  private func refreshed(replacing stale: AuthCredential, sharingFailuresSince began: Int)
    async throws(CardError) -> AuthCredential
  {
    let current = try await loadCredential(sharingFailuresSince: began)
    if let inFlight { return try await Self.result(of: inFlight.task) }
    if current != stale { return current }
    if let failure = failure(replacing: stale, endedSince: began) { throw failure }

    try recordRefresh(at: clock.now())
    let generation = endedRefreshes.load(ordering: .acquiring) + 1
    let task = Task { [store, refresher] () async throws -> AuthCredential in
      do throws(CardError) {
        let credential = try await Self.refresh(stale, store: store, refresher: refresher)
        self.refreshEnded(generation, replacing: stale, failure: nil)
        return credential
      } catch {
        self.refreshEnded(generation, replacing: stale, failure: error)
        throw error
      }
    }
    inFlight = (generation, task)
    return try await Self.result(of: task)
  }

  private func recordRefresh(at now: Date) throws(CardError) {
    let window = refreshLimit.window
    refreshTimes.removeAll { now.timeIntervalSince($0) >= window.timeInterval }
    guard refreshTimes.count < refreshLimit.maximum else {
      throw .sessionExpired(
        reason: "stopped after \(refreshTimes.count) token refreshes within \(window); the "
          + "server keeps rejecting fresh tokens")
    }
    refreshTimes.append(now)
  }

  /// Runs when the refresh task ends, not when its first waiter stops waiting, so a cancelled
  /// waiter never lets a second refresh start beside the first.
  private func refreshEnded(
    _ generation: Int, replacing stale: AuthCredential, failure: CardError?
  ) {
    guard inFlight?.generation == generation else { return }
    inFlight = nil
    endedRefreshes.store(generation, ordering: .releasing)
    lastFailure = failure.map { (stale, $0) }
  }

  /// The last refresh's failure, if it ended after `began` and tried to replace `stale` (any
  /// credential when `nil`).
  private func failure(replacing stale: AuthCredential?, endedSince began: Int) -> CardError? {
    guard endedRefreshes.load(ordering: .acquiring) > began, let lastFailure,
      stale == nil || stale == lastFailure.stale
    else { return nil }
    return lastFailure.error
  }

  /// The last refresh's failure when `sentHeader` carried the credential it failed to replace:
  /// that request belongs to the session the refresh could not save.
  private func failureShared(withRequestSentAs sentHeader: String?) -> CardError? {
    guard let lastFailure, sentHeader == "Bearer \(lastFailure.stale.accessToken)" else {
      return nil
    }
    return lastFailure.error
  }

  /// The refresh's credential, but a waiter stops at once when its own task is cancelled
  /// while the refresh runs on for the others: awaiting `task.value` ignores the waiter's
  /// cancellation, a stream's iterator does not.
  private static func result(of task: Task<AuthCredential, any Error>) async throws(CardError)
    -> AuthCredential
  {
    let (results, continuation) = AsyncThrowingStream.makeStream(of: AuthCredential.self)
    Task { continuation.yield(with: await task.result) }
    do {
      for try await credential in results { return credential }
      throw CancellationError()
    } catch let error as CardError {
      throw error
    } catch {
      throw .cancelled
    }
  }

  private static func refresh(
    _ stale: AuthCredential, store: any CredentialStore, refresher: any TokenRefresher
  ) async throws(CardError) -> AuthCredential {
    do {
      return try await store.refreshCredential(replacing: stale) {
        (credential) async throws(CardError) -> AuthCredential in
        try await refresher.refresh(credential)
      }
    } catch {
      switch error {
      case .refresh(.requestErr(let message, let status))
      where sessionEndingStatuses.contains(status):
        do { try await store.clear(ifStill: stale) } catch { throw CardError(error) }
        throw .sessionExpired(reason: message)
      case .refresh(let failure): throw failure
      case .signedOut: throw .signedOut
      case .storage(let failure): throw CardError(failure)
      }
    }
  }

  /// The refusals that condemn the refresh token; others (408, 429, …) keep the session.
  private static let sessionEndingStatuses: Set<Int> = [400, 401, 403]
}

extension CardError {
  /// A failed refresh that said nothing about the refresh token: offline, a server failure,
  /// a throttled or otherwise refused call, or a reply that breaks the contract.
  fileprivate var leavesTheTokenUndecided: Bool {
    switch self {
    case .requestErr, .pathErr, .serverErr, .networkFail: true
    default: false
    }
  }
}

/// Buys a new credential with the refresh token of an old one (`POST /auth/refresh`, sent by
/// a pipeline without the authentication interceptor).
public protocol TokenRefresher: Sendable {
  /// Throws `requestErr` when the server refused the refresh token, other cases when it could
  /// not say.
  func refresh(_ credential: AuthCredential) async throws(CardError) -> AuthCredential
}

/// Stops a refresh loop: at most `maximum` refreshes within any `window`.
public struct RefreshLimit: Hashable, Sendable {
  public var maximum: Int
  public var window: Duration

  public init(maximum: Int = 5, window: Duration = .seconds(30)) {
    self.maximum = maximum
    self.window = window
  }
}
