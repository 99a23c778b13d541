import CardDomain
import CardPrimitives
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
  private var history = RefreshHistory()
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
    let stored: AuthCredential?
    do { stored = try await store.load() } catch { throw .credentialStorage(reason: error.message) }
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

  /// The stored credential, read each time (another process may have replaced it); when the
  /// store is empty because a refresh that ended after `began` was refused, that refusal.
  private func loadCredential(sharingFailuresSince began: Int) async throws(CardError)
    -> AuthCredential
  {
    let loaded: AuthCredential?
    do { loaded = try await store.load() } catch { throw .credentialStorage(reason: error.message) }
    guard let loaded else { return try await missingCredential(sharingFailuresSince: began) }
    return loaded
  }

  /// A refused refresh empties the store before it is recorded as ended, so a request that
  /// finds the store empty waits for a refresh in flight, or takes a refusal that ended after
  /// it began; otherwise the user is signed out.
  private func missingCredential(sharingFailuresSince began: Int) async throws(CardError)
    -> AuthCredential
  {
    if let inFlight { return try await Self.result(of: inFlight.task) }
    if endedRefreshes.load(ordering: .acquiring) > began, let lastFailure {
      throw lastFailure.error
    }
    throw .signedOut
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
    if endedRefreshes.load(ordering: .acquiring) > began, let lastFailure,
      lastFailure.stale == stale
    {
      throw lastFailure.error
    }

    try history.record(at: clock.now(), within: refreshLimit)
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

  /// The last refresh's failure when `sentHeader` carried the credential it failed to replace:
  /// that request belongs to the session the refresh could not save.
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

/// The refresh times inside the current window.
private struct RefreshHistory {
  private var times: [Date] = []

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

/// A shared task's value, but the wait ends as soon as the *waiting* task is cancelled, and
/// the shared task runs on for its other waiters (awaiting `task.value` ignores the waiter's
/// cancellation, so a cancelled request would wait for the whole refresh).
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

/// Resumes a continuation once, with the task's result or the cancellation, whichever comes
/// first (cancellation may even come before the wait begins).
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
