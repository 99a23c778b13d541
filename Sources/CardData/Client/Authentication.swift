import CardDomain
import Foundation

/// Adds `Authorization: Bearer <accessToken>` to requests that need it and keeps the
/// credential fresh: the middleware that Alamofire splits into an adapter and a retrier.
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
/// - **Loop guard**: once ``refreshLimit`` fresh tokens proved unusable within its window (a
///   401 to the request sent again with a newly issued token, or a token issued already
///   expired), no refresh starts and the session ends. Tokens that fall due, or that stop
///   working after they worked, are never counted, however often it happens.
/// - **Failure**: a refused refresh token (400, 401, 403) clears the stored credential, if no
///   newer one was stored meanwhile, and fails every waiter with `sessionExpired`; a refresh
///   without a verdict (offline, 5xx, 429) keeps it and fails the waiters with its error.
///   Only requests that began before a refresh failed share its failure.
/// - **Redaction**: every credential it reads or receives goes to ``KnownTokens``, so that a
///   ``Redactor`` hides its tokens wherever a server echoes them.
///
/// The refresh call itself must be sent by a chain without this middleware (``CardAPI`` wires
/// it so).
package actor Authentication: ClientMiddleware {
  package let refreshWindow: Duration
  package let refreshLimit: RefreshLimit

  private let store: any CredentialStore
  private let refresher: any TokenRefresher
  private let clock: any WallClock
  private let knownTokens: KnownTokens
  /// The signs of a refresh loop inside the current ``refreshLimit`` window.
  private var loopSigns: [LoopSign] = []
  private var inFlight: (generation: Int, task: Task<AuthCredential, any Error>)?
  /// How many refreshes have ended; a request remembers the count when it begins.
  private var endedRefreshes = 0
  /// The last refresh that failed, the credential it failed to replace, and the newest
  /// request (``RequestContext/id``) that had begun when it failed: later requests did not
  /// wait for it, so its error is not theirs.
  private var lastFailure: (stale: AuthCredential, error: CardError, newestRequest: Int)?

  /// `refresher` makes the refresh call with a chain that bypasses this middleware;
  /// `refreshWindow` is how close to expiry to refresh before use; `knownTokens` learns the
  /// tokens of every credential used, for the redactors that share it.
  package init(
    store: any CredentialStore,
    refresher: any TokenRefresher,
    clock: any WallClock = SystemWallClock(),
    refreshWindow: Duration = .seconds(300),
    refreshLimit: RefreshLimit = RefreshLimit(),
    knownTokens: KnownTokens = KnownTokens()
  ) {
    self.store = store
    self.knownTokens = knownTokens
    self.refresher = refresher
    self.clock = clock
    self.refreshWindow = refreshWindow
    self.refreshLimit = refreshLimit
  }

  /// Sends `request` with the current credential, refreshed first when due; a 401 to it is
  /// answered once per call, by sending it again with a newer credential.
  package nonisolated func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse {
    guard context.authorization == .bearer else { return try await next(request) }
    var request = request
    while true {
      do {
        request.headers["Authorization"] = "Bearer \(try await credential().accessToken)"
      } catch {
        throw .ended(error)
      }
      let response = try await next(request)
      guard response.status == 401 else { return response }
      do {
        guard try await sendsAgain(after: request, context: context) else { return response }
      } catch {
        throw .ended(error)
      }
      context.retrying(.authentication, after: .zero)
    }
  }

  /// The stored credential when it is not due for a refresh, else a fresh one. The count of
  /// ended refreshes is read before the store, which lets this request share a refresh that
  /// ends meanwhile.
  private func credential() async throws(CardError) -> AuthCredential {
    let began = endedRefreshes
    guard let stored = try await storedCredential() else {
      return try await missingCredential(sharingFailuresSince: began)
    }
    if !stored.needsRefresh(window: refreshWindow, now: clock.now()) { return stored }
    do {
      return try await refreshed(replacing: stored, sharingFailuresSince: began)
    } catch {
      // No verdict on the token (offline, a server failure, throttled): a token that still
      // works is better than no request.
      guard error.leavesTheTokenUndecided, stored.isValid(at: clock.now()) else { throw error }
      return stored
    }
  }

  /// Whether to send a request that got a 401 again: once per call, at once when it was sent
  /// with an older credential than the current one, else after one shared refresh.
  private func sendsAgain(after request: HTTPRequest, context: RequestContext)
    async throws(CardError) -> Bool
  {
    guard context.retryCount(for: .authentication) == 0 else {
      // Sent again with a newer token than the one refused, and refused too: the token was
      // rejected right after it was issued, which is what a refresh loop looks like.
      loopSigns.append(LoopSign(kind: .rejectedRightAfterIssue, at: clock.now()))
      return false
    }
    let sentHeader = request.headers["Authorization"]
    let began = endedRefreshes
    let current: AuthCredential
    do {
      current = try await loadCredential(sharingFailuresSince: began)
    } catch .signedOut {
      throw failureShared(withRequestSentAs: sentHeader, by: context) ?? .signedOut
    }
    if sentHeader != "Bearer \(current.accessToken)" { return true }
    if let shared = failureShared(withRequestSentAs: sentHeader, by: context) { throw shared }
    _ = try await refreshed(replacing: current, sharingFailuresSince: began)
    return true
  }

  /// Read each time: another process may have replaced it.
  private func storedCredential() async throws(CardError) -> AuthCredential? {
    let loaded: AuthCredential?
    do { loaded = try await store.load() } catch { throw CardError(error) }
    if let loaded { knownTokens.remember(loaded) }
    return loaded
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
  private func refreshed(
    replacing stale: AuthCredential, sharingFailuresSince began: Int
  ) async throws(CardError) -> AuthCredential {
    let current = try await loadCredential(sharingFailuresSince: began)
    if let inFlight { return try await Self.result(of: inFlight.task) }
    if current != stale { return current }
    if let failure = failure(replacing: stale, endedSince: began) { throw failure }

    try guardAgainstLoop(at: clock.now())
    let generation = endedRefreshes + 1
    let task = Task { [store, refresher, knownTokens] () async throws -> AuthCredential in
      do throws(CardError) {
        let credential = try await Self.refresh(stale, store: store, refresher: refresher)
        knownTokens.remember(credential)
        self.refreshEnded(generation, replacing: stale, issued: credential, failure: nil)
        return credential
      } catch {
        self.refreshEnded(generation, replacing: stale, issued: nil, failure: error)
        throw error
      }
    }
    inFlight = (generation, task)
    return try await Self.result(of: task)
  }

  /// Refuses to start a refresh once the window holds ``refreshLimit`` signs of a loop. A
  /// token that expires, or that the server stops accepting after it worked, is no such sign,
  /// however often it happens.
  private func guardAgainstLoop(at now: Date) throws(CardError) {
    let window = refreshLimit.window
    loopSigns.removeAll { now.timeIntervalSince($0.at) >= window.timeInterval }
    guard loopSigns.count < refreshLimit.maximum else {
      throw .sessionExpired(reason: LoopSign.reason(for: loopSigns, within: window))
    }
  }

  /// Runs when the refresh task ends, not when its first waiter stops waiting, so a cancelled
  /// waiter never lets a second refresh start beside the first.
  private func refreshEnded(
    _ generation: Int, replacing stale: AuthCredential, issued: AuthCredential?,
    failure: CardError?
  ) {
    guard inFlight?.generation == generation else { return }
    inFlight = nil
    endedRefreshes = generation
    lastFailure = failure.map { (stale, $0, RequestContext.newestID) }
    let now = clock.now()
    if let issued, !issued.isValid(at: now) {
      loopSigns.append(LoopSign(kind: .issuedExpired, at: now))
    }
  }

  /// The last refresh's failure, if it ended after `began` and tried to replace `stale` (any
  /// credential when `nil`).
  private func failure(replacing stale: AuthCredential?, endedSince began: Int) -> CardError? {
    guard endedRefreshes > began, let lastFailure,
      stale == nil || stale == lastFailure.stale
    else { return nil }
    return lastFailure.error
  }

  /// The last refresh's failure when `sentHeader` carried the credential it failed to replace
  /// and the request began before it failed: that request belongs to the session the refresh
  /// could not save. A request that began later asks for a refresh of its own, since the
  /// failure may no longer hold (the network is back, the server recovered).
  private func failureShared(withRequestSentAs sentHeader: String?, by context: RequestContext)
    -> CardError?
  {
    guard let lastFailure, context.id <= lastFailure.newestRequest,
      sentHeader == "Bearer \(lastFailure.stale.accessToken)"
    else { return nil }
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

/// Stops a refresh loop: at most `maximum` fresh tokens proved unusable within any `window`.
package struct RefreshLimit: Hashable, Sendable {
  package var maximum: Int
  package var window: Duration

  package init(maximum: Int = 5, window: Duration = .seconds(30)) {
    self.maximum = maximum
    self.window = window
  }
}

/// A sign of a refresh loop: a fresh token that proved unusable.
private struct LoopSign {
  enum Kind {
    /// The server answered a request sent again with a newly issued token with a 401.
    case rejectedRightAfterIssue
    /// A refresh returned a token that had already expired.
    case issuedExpired
  }

  let kind: Kind
  let at: Date

  /// Why the guard stopped, in what the server did: "within 30.0 seconds the server rejected
  /// 5 tokens right after issuing them".
  static func reason(for signs: [LoopSign], within window: Duration) -> String {
    let rejected = signs.count { $0.kind == .rejectedRightAfterIssue }
    let expired = signs.count - rejected
    var deeds: [String] = []
    if rejected > 0 { deeds.append("rejected \(tokens(rejected)) right after issuing them") }
    if expired > 0 { deeds.append("issued \(tokens(expired)) already expired") }
    return "stopped refreshing: within \(window) the server " + deeds.joined(separator: " and ")
  }

  private static func tokens(_ count: Int) -> String { count == 1 ? "1 token" : "\(count) tokens" }
}
