import CardPrimitives
import Foundation

/// The server side of the wire contract, in process, with injectable faults and optional
/// persistence to a state file.
///
/// A request's changes replace the state only when it succeeds and, with a state file, once
/// saved. The file is the one source of truth for every sandbox on it, in any process: each
/// request and state operation holds the lock beside it (`<stateFile>.lock`, mode 0600),
/// catches up with the file, and saves before it releases the lock.
///
/// Public for the reference server (`Server/`), which serves it over HTTP: what it needs to
/// start one on a state file, answer requests and inject faults, and no more.
public actor CardSandbox {
  private var shared: SharedState
  /// Outside the actor's isolation, so that a request waits out its latency and takes its
  /// injected failure without the state.
  private let currentFaults = Protected(SandboxFaults.none)
  private let accessTokenLifetime: Int
  /// In seconds; zero when a spent refresh token is never reusable.
  private let refreshTokenReuseInterval: TimeInterval
  private let clock: @Sendable () -> Date
  private let sleep: @Sendable (Duration) async throws -> Void

  package init(
    accessTokenLifetime: Duration = .seconds(3600),
    refreshTokenReuseInterval: Duration = defaultRefreshTokenReuseInterval,
    clock: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.init(
      shared: SharedState(), accessTokenLifetime: accessTokenLifetime,
      refreshTokenReuseInterval: refreshTokenReuseInterval, clock: clock, sleep: sleep)
  }

  /// How long a refresh token stays reusable after a refresh spent it, while the refresh
  /// token that refresh issued is unused: as long as Amazon Cognito's longest retry grace
  /// period, enough for a client killed before it stored the reply to start again.
  public static let defaultRefreshTokenReuseInterval = Duration.seconds(60)

  /// A sandbox whose state lives in `stateFile`, created with the seed state when missing;
  /// a bad file throws and is replaced only with `startFresh`. The start blocks while another
  /// sandbox answers a request. `sleep` (the injected latency) must throw on cancellation, as
  /// `Task.sleep` does; the token lifetime counts in whole seconds, at least one. A reuse
  /// interval of zero or less makes a refresh token unusable as soon as a refresh spends it.
  package init(
    stateFile: URL?,
    startFresh: Bool = false,
    accessTokenLifetime: Duration = .seconds(3600),
    refreshTokenReuseInterval: Duration = defaultRefreshTokenReuseInterval,
    clock: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) throws(SandboxStateError) {
    self.init(
      shared: try SharedState(stateFile: stateFile, startFresh: startFresh, now: clock()),
      accessTokenLifetime: accessTokenLifetime,
      refreshTokenReuseInterval: refreshTokenReuseInterval, clock: clock, sleep: sleep)
  }

  /// The reference server's sandbox: `stateFile` and the reuse interval as in the
  /// initializer above, the system clock and `Task.sleep`.
  public init(
    stateFile: URL, accessTokenLifetime: Duration,
    refreshTokenReuseInterval: Duration = defaultRefreshTokenReuseInterval
  ) throws(SandboxStateError) {
    try self.init(
      stateFile: stateFile, startFresh: false, accessTokenLifetime: accessTokenLifetime,
      refreshTokenReuseInterval: refreshTokenReuseInterval, clock: { Date() },
      sleep: { try await Task.sleep(for: $0) })
  }

  private init(
    shared: SharedState, accessTokenLifetime: Duration, refreshTokenReuseInterval: Duration,
    clock: @escaping @Sendable () -> Date,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.shared = shared
    self.accessTokenLifetime = Int(max(accessTokenLifetime.components.seconds, 1))
    self.refreshTokenReuseInterval = max(refreshTokenReuseInterval / .seconds(1), 0)
    self.clock = clock
    self.sleep = sleep
  }

  /// Answers `request` after the injected latency; every status is a response. Only the
  /// absence of one is thrown: `.offline` (also when the sandbox goes offline during the
  /// latency) and `.cancelled` (also while waiting for the state file's lock). A state file
  /// that cannot be read again, or has become unsound, answers `500` and is left as it is.
  ///
  /// The request is routed and its body read (a card form parsed and checked) before the
  /// latency and without the state, so that a large body keeps no other request waiting;
  /// only the answer, which reads and changes the state, runs on the actor.
  public nonisolated func handle(_ request: SandboxRequest) async throws(SandboxTransportError)
    -> SandboxResponse
  {
    guard !Task.isCancelled else { throw .cancelled }
    let prepared = PreparedRequest(request)
    guard !currentFaults.withLock({ $0.isOffline }) else { throw .offline }
    let latency = currentFaults.withLock { $0.latency }
    if latency > .zero {
      do {
        try await sleep(latency)
      } catch {
        throw .cancelled
      }
      guard !currentFaults.withLock({ $0.isOffline }) else { throw .offline }
    }
    if let status = currentFaults.withLock({ $0.takeFailure() }) {
      return InjectedFailure.response(status: status)
    }
    if let malformed = currentFaults.withLock({ $0.takeMalformedReply() }) {
      return malformed.response
    }
    return try await answer(prepared)
  }

  private func answer(_ prepared: PreparedRequest) async throws(SandboxTransportError)
    -> SandboxResponse
  {
    let route: Route
    do throws(APIError) {
      route = try prepared.route.get()
    } catch {
      return .failure(error)
    }
    do {
      return try await withLatestState { () throws(SandboxStateError) in
        answer(prepared, on: route)
      }
    } catch {
      if case .cancelled = error { throw .cancelled }
      return .failure(.internalError("the sandbox could not load its state: \(error)"))
    }
  }

  public var faults: SandboxFaults { currentFaults.withLock { $0 } }

  public func setOffline(_ isOffline: Bool) {
    currentFaults.withLock { $0.isOffline = isOffline }
  }

  /// `.zero` turns the latency off.
  public func setLatency(_ latency: Duration) throws(SandboxFaultError) {
    guard latency >= .zero else { throw .negativeLatency(latency) }
    currentFaults.withLock { $0.latency = latency }
  }

  /// Makes the next `count` requests answer `status`, whatever they ask, replacing any queued
  /// failure; a count of 0 clears the queue.
  public func failNext(status: Int, count: Int = 1) throws(SandboxFaultError) {
    guard (400...599).contains(status) else { throw .statusNotAnError(status) }
    guard count >= 0 else { throw .negativeCount(count) }
    currentFaults.withLock { faults in
      faults.failureStatus = count == 0 ? nil : status
      faults.failuresRemaining = count
    }
  }

  /// Makes the next `count` requests answer 200 with a reply that breaks the contract, in
  /// the way `kind` says, replacing any queued one; a count of 0 clears the queue.
  public func malformNext(_ kind: MalformedReply, count: Int = 1) throws(SandboxFaultError) {
    guard count >= 0 else { throw .negativeCount(count) }
    currentFaults.withLock { faults in
      faults.malformedReply = count == 0 ? nil : kind
      faults.malformedRemaining = count
    }
  }

  public func clearFaults() {
    currentFaults.withLock { $0 = .none }
  }

  /// Makes every access token issued so far expired now. This and the other state operations
  /// throw, leaving the state unchanged, when the state file cannot be locked, read or saved,
  /// or the task is cancelled while waiting for its lock.
  public func expireAccessTokens() async throws(SandboxStateError) {
    try await change { $0.sessions.expireAccessTokens(now: clock()) }
  }

  /// Access tokens keep working until they expire.
  public func revokeRefreshTokens() async throws(SandboxStateError) {
    try await change { $0.sessions.revokeRefreshTokens() }
  }

  /// The seed cards, no tokens, no faults (cleared even when the state cannot be saved), for
  /// every sandbox on the state file. New card ids continue after those given out before.
  public func reset() async throws(SandboxStateError) {
    clearFaults()
    try await change { state in
      var seed = SeedData.state
      seed.cards.continueNumbering(after: state.cards)
      state = seed
    }
  }

  private func answer(_ prepared: PreparedRequest, on route: Route) -> SandboxResponse {
    var handler = RequestHandler(
      state: shared.current, now: clock(), accessTokenLifetime: accessTokenLifetime,
      refreshTokenReuseInterval: refreshTokenReuseInterval)
    do throws(APIError) {
      let response = try handler.respond(to: route, prepared: prepared)
      // Every route served by GET only reads, so only the other methods' answers are saved.
      if prepared.request.method != "GET" {
        do {
          try shared.commit(handler.state)
        } catch {
          throw .internalError("the sandbox could not save its state: \(error)")
        }
      }
      return response
    } catch {
      return .failure(error)
    }
  }

  private func change(_ edit: (inout SandboxState) -> Void) async throws(SandboxStateError) {
    try await withLatestState { () throws(SandboxStateError) in
      var next = shared.current
      edit(&next)
      try shared.commit(next)
    }
  }

  /// Runs `body` on the latest state: with a state file, under its lock after catching up,
  /// so `body` sees every other sandbox's changes and no other sandbox writes until it returns.
  private func withLatestState<Result>(
    _ body: () throws(SandboxStateError) -> Result
  ) async throws(SandboxStateError) -> Result {
    guard let file = shared.file else { return try body() }
    let lock = try await file.lock()
    defer { lock.release() }
    try shared.catchUp()
    return try body()
  }
}
