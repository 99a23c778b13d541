import CardDomain
import CardPrimitives
import Foundation
import Synchronization

/// Adds `Authorization: Bearer <accessToken>` to requests that need it and keeps the
/// credential fresh, in the manner of Alamofire's `AuthenticationInterceptor`.
///
/// - **Proactive refresh**: a credential that expires within ``refreshWindow`` (or within half
///   its lifetime, when that is shorter) is refreshed before the request is sent. When that
///   refresh fails offline or with a 5xx while the token still works, the request goes
///   ahead with it.
/// - **Reactive refresh**: a 401 to a request sent with the current credential refreshes it
///   and retries the request once. A 401 to a request sent with an *older* credential than
///   the current one is retried at once, without another refresh.
/// - **Single flight**: however many requests need a refresh at the same time, one refresh
///   call is made and all of them share its result, including requests that began before
///   it ended but asked for it after.
/// - **Cross-process safety**: the refresh runs through
///   ``CredentialStore/refreshCredential(replacing:using:)``, under the store's lock.
/// - **Loop guard**: more than ``refreshLimit`` refreshes end the session
///   (``CardDomain/CardError/sessionExpired(reason:)``) instead of looping.
/// - **Failure**: when the server refuses the refresh token (400, 401 or 403), the stored
///   credential is cleared, under the store's lock and only if no newer one was stored
///   meanwhile, and every waiting request fails with
///   ``CardDomain/CardError/sessionExpired(reason:)``. When the refresh fails without a
///   verdict on the token (offline, 5xx, 429), the credential is kept and the waiting
///   requests fail with that error.
///
/// The refresh call itself must be sent by a client without this interceptor.
public actor AuthenticationInterceptor: RequestAdapter, RequestRetrier {
  /// How close to expiry a credential is refreshed before use.
  public let refreshWindow: Duration
  /// The loop guard.
  public let refreshLimit: RefreshLimit

  private let store: any CredentialStore
  private let refresher: any TokenRefresher
  private let clock: any WallClock
  private var history = RefreshHistory()
  /// The refresh under way, if any.
  private var inFlight: (generation: Int, task: Task<AuthCredential, any Error>)?
  /// How many refreshes have ended; a request remembers the count when it begins. Written on
  /// the actor, read off it by the common case of ``adapt(_:context:)``.
  private let endedRefreshes = Atomic(0)
  /// The last refresh that failed, and the credential it failed to replace.
  private var lastFailure: (stale: AuthCredential, error: CardError)?

  /// Creates the interceptor.
  ///
  /// - Parameters:
  ///   - store: where the credential lives.
  ///   - refresher: makes the refresh call (with a client that bypasses this interceptor).
  ///   - clock: tells the time for proactive refresh and the loop guard.
  ///   - refreshWindow: how close to expiry to refresh proactively; 5 minutes by default.
  ///   - refreshLimit: the loop guard; 5 refreshes in 30 seconds by default.
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

  /// Adds the Bearer token to requests that need one, refreshing first when the credential
  /// is about to expire. Requests that need no credential pass unchanged.
  ///
  /// The common case runs off the actor: a stored credential that is not due for a refresh is
  /// used as it is, so most requests never wait for one another. Anything else (no credential,
  /// a refresh due) is decided on the actor, with the count of ended refreshes read before the
  /// store was, which is what lets this request share a refresh that ends meanwhile.
  public nonisolated func adapt(_ request: HTTPRequest, context: RequestContext)
    async throws(CardError) -> HTTPRequest
  {
    guard context.authorization == .bearer else { return request }
    let began = endedRefreshes.load(ordering: .acquiring)
    let stored: AuthCredential?
    do {
      stored = try await store.load()
    } catch {
      throw .credentialStorage(reason: error.message)
    }
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

  /// The credential to send when the stored one is missing or due for a refresh.
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
  /// credential than the current one, else after one (shared) refresh.
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

  /// The stored credential, read each time: another process, or a sign-in, may have
  /// replaced it since the last request. When the store is empty because a refresh that
  /// ended after `began` was refused, that refusal is the answer rather than "signed out".
  private func loadCredential(sharingFailuresSince began: Int) async throws(CardError)
    -> AuthCredential
  {
    let loaded: AuthCredential?
    do {
      loaded = try await store.load()
    } catch {
      throw .credentialStorage(reason: error.message)
    }
    guard let loaded else { return try await missingCredential(sharingFailuresSince: began) }
    return loaded
  }

  /// What a request that found the store empty gets: a refused refresh empties the store
  /// before it is recorded as ended, so a refresh in flight is waited for and its outcome
  /// shared; a refusal that ended after the request began is its answer too; otherwise the
  /// user is signed out.
  private func missingCredential(sharingFailuresSince began: Int) async throws(CardError)
    -> AuthCredential
  {
    if let inFlight { return try await Self.result(of: inFlight.task) }
    if endedRefreshes.load(ordering: .acquiring) > began, let lastFailure {
      throw lastFailure.error
    }
    throw .signedOut
  }

  /// A credential newer than `stale`: the stored one if it already differs, the result of
  /// the refresh in flight, or the result of a new refresh. A refresh of `stale` that failed
  /// after the request began (`began`) fails this request the same way.
  ///
  /// Everything after the store is read runs without suspending until the refresh task is
  /// recorded, so concurrent callers either join that task or see its result.
  private func refreshed(replacing stale: AuthCredential, sharingFailuresSince began: Int)
    async throws(CardError) -> AuthCredential
  {
    let current = try await loadCredential(sharingFailuresSince: began)
    if let inFlight { return try await Self.result(of: inFlight.task) }
    if current != stale { return current }
    if endedRefreshes.load(ordering: .acquiring) > began, let lastFailure,
      lastFailure.stale == stale
    {
      throw lastFailure.error
    }

    try history.record(at: clock.now(), within: refreshLimit)
    let generation = endedRefreshes.load(ordering: .acquiring) + 1
    let task = Task { [store, refresher] () async throws -> AuthCredential in
      let outcome: Result<AuthCredential, CardError>
      do throws(CardError) {
        outcome = .success(try await Self.refresh(stale, store: store, refresher: refresher))
      } catch {
        outcome = .failure(error)
      }
      self.refreshEnded(generation, replacing: stale, failure: outcome.failure)
      return try outcome.get()
    }
    inFlight = (generation, task)
    return try await Self.result(of: task)
  }

  /// Records how a refresh ended. It runs when the refresh task ends, not when its first
  /// waiter stops waiting, so a cancelled waiter never lets a second refresh start beside
  /// the first.
  private func refreshEnded(
    _ generation: Int, replacing stale: AuthCredential, failure: CardError?
  ) {
    guard inFlight?.generation == generation else { return }
    inFlight = nil
    endedRefreshes.store(generation, ordering: .releasing)
    lastFailure = failure.map { (stale, $0) }
  }

  /// The failure of the last refresh when `sentHeader` carried the credential it failed to
  /// replace: that request belongs to the session the refresh could not save.
  private func failureShared(withRequestSentAs sentHeader: String?) -> CardError? {
    guard let lastFailure, sentHeader == "Bearer \(lastFailure.stale.accessToken)" else {
      return nil
    }
    return lastFailure.error
  }

  private static func result(of task: Task<AuthCredential, any Error>) async throws(CardError)
    -> AuthCredential
  {
    do {
      return try await valueUnlessCancelled(of: task)
    } catch let error as CardError {
      throw error
    } catch {
      throw .cancelled
    }
  }

  /// One refresh through the store's lock; ends the session when the server refuses it.
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
        do {
          try await store.clear(ifStill: stale)
        } catch {
          throw .credentialStorage(reason: error.message)
        }
        throw .sessionExpired(reason: message)
      case .refresh(let failure): throw failure
      case .signedOut: throw .signedOut
      case .storage(let failure): throw .credentialStorage(reason: failure.message)
      }
    }
  }

  /// The refresh replies that mean the refresh token is no good: the session is over. Other
  /// refusals (408, 429, …) say nothing about the token and keep the session.
  private static let sessionEndingStatuses: Set<Int> = [400, 401, 403]
}

extension Result {
  /// The error of a failure, or `nil`.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}

extension CardError {
  /// Whether a failed refresh said nothing about the refresh token: offline, a server
  /// failure, a throttled or otherwise refused call, or a reply that breaks the contract.
  fileprivate var leavesTheTokenUndecided: Bool {
    switch self {
    case .requestErr, .pathErr, .serverErr, .networkFail: true
    default: false
    }
  }
}

/// Buys a new credential with the refresh token of an old one: `POST /auth/refresh`, sent
/// by a pipeline without the authentication interceptor.
public protocol TokenRefresher: Sendable {
  /// The new credential. Throws ``CardDomain/CardError/requestErr(message:status:)`` when
  /// the server refused the refresh token, and other cases when it could not say.
  func refresh(_ credential: AuthCredential) async throws(CardError) -> AuthCredential
}

/// Stops a refresh loop: at most `maximum` refreshes within any `window`.
public struct RefreshLimit: Hashable, Sendable {
  public var maximum: Int
  public var window: Duration

  /// By default 5 refreshes in 30 seconds.
  public init(maximum: Int = 5, window: Duration = .seconds(30)) {
    self.maximum = maximum
    self.window = window
  }
}

/// The refresh times inside the current window.
private struct RefreshHistory {
  private var times: [Date] = []

  /// Records a refresh at `now`, or ends the session when that would exceed `limit`.
  mutating func record(at now: Date, within limit: RefreshLimit) throws(CardError) {
    let windowSeconds = limit.window.timeInterval
    times.removeAll { now.timeIntervalSince($0) >= windowSeconds }
    guard times.count < limit.maximum else {
      throw .sessionExpired(
        reason: "stopped after \(times.count) token refreshes within \(limit.window); the "
          + "server keeps rejecting fresh tokens")
    }
    times.append(now)
  }
}

/// Waits for a shared task's value, but stops waiting as soon as the *waiting* task is
/// cancelled, leaving the shared task running for its other waiters.
///
/// Awaiting `task.value` directly does not respond to the waiter's cancellation, so a request
/// cancelled while a token refresh is in flight would otherwise end only when the refresh does.
func valueUnlessCancelled<Success: Sendable>(of task: Task<Success, any Error>) async throws
  -> Success
{
  let waiter = Waiter<Success>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      waiter.wait(with: continuation)
      Task { waiter.finish(with: await task.result) }
    }
  } onCancel: {
    waiter.finish(with: .failure(CancellationError()))
  }
}

/// Resumes a continuation once: with the first of the task's result and the cancellation,
/// whichever comes first (cancellation may even come before the wait begins).
private final class Waiter<Success: Sendable>: Sendable {
  private enum State {
    case idle
    case waiting(CheckedContinuation<Success, any Error>)
    case finished(Result<Success, any Error>)
    case resumed
  }

  private let state = Protected(State.idle)

  func wait(with continuation: CheckedContinuation<Success, any Error>) {
    let early: Result<Success, any Error>? = state.withLock { state in
      guard case .finished(let result) = state else {
        state = .waiting(continuation)
        return nil
      }
      state = .resumed
      return result
    }
    if let early { continuation.resume(with: early) }
  }

  func finish(with result: Result<Success, any Error>) {
    let continuation: CheckedContinuation<Success, any Error>? = state.withLock { state in
      switch state {
      case .idle:
        state = .finished(result)
        return nil
      case .waiting(let continuation):
        state = .resumed
        return continuation
      case .finished, .resumed:
        return nil
      }
    }
    continuation?.resume(with: result)
  }
}
