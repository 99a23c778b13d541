import CardDomain
import Foundation

/// Adds `Authorization: Bearer <accessToken>` to requests that need it and keeps the
/// credential fresh, in the manner of Alamofire's `AuthenticationInterceptor`.
///
/// - **Proactive refresh**: a credential that expires within ``refreshWindow`` is refreshed
///   before the request is sent.
/// - **Reactive refresh**: a 401 to a request sent with the current credential refreshes it
///   and retries the request once. A 401 to a request sent with an *older* credential than
///   the current one is retried at once, without another refresh.
/// - **Single flight**: however many requests need a refresh at the same time, one refresh
///   call is made and all of them wait for its result.
/// - **Cross-process safety**: the refresh runs through
///   ``CredentialStore/refreshCredential(replacing:using:)``, under the store's lock.
/// - **Loop guard**: more than ``refreshLimit`` refreshes fail with
///   ``PipelineError/refreshLimitExceeded(count:window:)`` instead of looping.
/// - **Failure**: when the server refuses the refresh token, the stored credential is
///   cleared and every waiting request fails with ``PipelineError/sessionExpired(reason:)``.
///   When the refresh fails for other reasons (offline, 5xx), the credential is kept and
///   the waiting requests fail with ``PipelineError/refreshFailed(_:)``.
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
  private var inFlightRefresh: Task<AuthCredential, any Error>?
  private var history = RefreshHistory()

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
  public func adapt(_ request: HTTPRequest, context: RequestContext) async throws(PipelineError)
    -> HTTPRequest
  {
    guard context.authorization == .bearer else { return request }
    var credential = try await loadCredential()
    if credential.expires(within: refreshWindow, of: clock.now()) {
      credential = try await refreshed(replacing: credential)
    }
    var adapted = request
    adapted.headers["Authorization"] = "Bearer \(credential.accessToken)"
    return adapted
  }

  /// Retries a request that got a 401 once: at once when it was sent with an older
  /// credential than the current one, else after one (shared) refresh.
  public func retry(
    _ request: HTTPRequest, failedWith failure: AttemptFailure, context: RequestContext
  ) async -> RetryDecision {
    guard context.authorization == .bearer,
      case .unacceptableStatus(let response) = failure, response.status == 401,
      context.retryCount(for: .authentication) == 0
    else { return .noDecision }

    do throws(PipelineError) {
      let current = try await loadCredential()
      if request.headers["Authorization"] != "Bearer \(current.accessToken)" {
        return .retry(after: .zero, reason: .authentication)
      }
      _ = try await refreshed(replacing: current)
      return .retry(after: .zero, reason: .authentication)
    } catch {
      return .fail(error)
    }
  }

  /// The stored credential, read each time: another process, or a sign-in, may have
  /// replaced it since the last request.
  private func loadCredential() async throws(PipelineError) -> AuthCredential {
    let loaded: AuthCredential?
    do {
      loaded = try await store.load()
    } catch {
      throw .credentialStorage(error)
    }
    guard let loaded else { throw .signedOut }
    return loaded
  }

  /// A credential newer than `stale`: the stored one if it already differs, the result of
  /// the refresh in flight, or the result of a new refresh.
  ///
  /// Everything after the store is read runs without suspending until the refresh task is
  /// recorded, so concurrent callers either join that task or see its result.
  private func refreshed(replacing stale: AuthCredential) async throws(PipelineError)
    -> AuthCredential
  {
    let current = try await loadCredential()
    if let inFlightRefresh { return try await Self.result(of: inFlightRefresh) }
    if current != stale { return current }

    try history.record(at: clock.now(), within: refreshLimit)
    let task = Task { [store, refresher] () async throws -> AuthCredential in
      try await Self.refresh(stale, store: store, refresher: refresher)
    }
    inFlightRefresh = task
    defer { inFlightRefresh = nil }
    return try await Self.result(of: task)
  }

  private static func result(of task: Task<AuthCredential, any Error>) async throws(PipelineError)
    -> AuthCredential
  {
    do {
      return try await valueUnlessCancelled(of: task)
    } catch let error as PipelineError {
      throw error
    } catch {
      throw .cancelled
    }
  }

  /// One refresh through the store's lock; clears the store when the server refuses it.
  private static func refresh(
    _ stale: AuthCredential, store: any CredentialStore, refresher: any TokenRefresher
  ) async throws(PipelineError) -> AuthCredential {
    do {
      return try await store.refreshCredential(replacing: stale) {
        (credential) async throws(CardError) -> AuthCredential in
        try await refresher.refresh(credential)
      }
    } catch {
      switch error {
      case .refresh(.rejected(let message, _)):
        try? await store.clear()
        throw .sessionExpired(reason: message)
      case .refresh(.cancelled): throw .cancelled
      case .refresh(let failure): throw .refreshFailed(failure)
      case .signedOut: throw .signedOut
      case .storage(let failure): throw .credentialStorage(failure)
      }
    }
  }
}
