import CardPrimitives
import Foundation

/// The server side of the wire contract, in process, with injectable faults and optional
/// persistence to a state file, an SQLite database (`SandboxDatabase`).
///
/// Each request is answered in one transaction, committed only when it succeeds. Requests
/// served by `GET` only read, on reader connections, without the actor. Every other request
/// and state operation writes on the actor, which orders this process's writes; `BEGIN
/// IMMEDIATE` orders them with every other process's on the file.
///
/// Public for the reference server (`Server/`): what it needs to start one on a state file,
/// answer requests and inject faults, and no more.
public actor Sandbox {
  private let database: SandboxDatabase
  /// Outside the actor's isolation, so that a request waits out its latency and takes its
  /// injected failure without the state. The faults and the login throttle live in memory,
  /// for this sandbox alone: never saved with the state.
  private let currentFaults = Protected(SandboxFaults.none)
  private let loginThrottle = LoginThrottle()
  private let listReplies = ListReplies()
  private let accessTokenLifetime: Int
  /// In seconds; zero when a spent refresh token is never reusable.
  private let refreshTokenReuseInterval: TimeInterval
  private let clock: @Sendable () -> Date
  private let sleep: @Sendable (Duration) async throws -> Void

  /// How long a refresh token stays reusable after a refresh spent it, while the refresh
  /// token that refresh issued is unused: as long as Amazon Cognito's longest retry grace
  /// period, enough for a client killed before it stored the reply to start again.
  package static let defaultRefreshTokenReuseInterval = Duration.seconds(60)

  /// A sandbox whose state lives in the database `stateFile` (``SandboxDatabase/init(path:startFresh:)``);
  /// a bad file throws and is replaced only with `startFresh`. `sleep` (the injected latency)
  /// must throw on cancellation, as `Task.sleep` does; the token lifetime counts in whole
  /// seconds, at least one. A reuse interval of zero or less makes a refresh token unusable as
  /// soon as a refresh spends it.
  package init(
    stateFile: URL?,
    startFresh: Bool = false,
    accessTokenLifetime: Duration = .seconds(3600),
    refreshTokenReuseInterval: Duration = defaultRefreshTokenReuseInterval,
    clock: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) throws(SandboxStateError) {
    database = try SandboxDatabase(path: stateFile?.path, startFresh: startFresh)
    self.accessTokenLifetime = Int(max(accessTokenLifetime.components.seconds, 1))
    self.refreshTokenReuseInterval = max(refreshTokenReuseInterval / .seconds(1), 0)
    self.clock = clock
    self.sleep = sleep
  }

  /// A sandbox on an in-memory database, which fails to open only when memory is exhausted,
  /// where nothing can go on.
  package init(
    accessTokenLifetime: Duration = .seconds(3600),
    refreshTokenReuseInterval: Duration = defaultRefreshTokenReuseInterval,
    clock: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    do {
      try self.init(
        stateFile: nil, accessTokenLifetime: accessTokenLifetime,
        refreshTokenReuseInterval: refreshTokenReuseInterval, clock: clock, sleep: sleep)
    } catch {
      fatalError("an in-memory database cannot be opened: \(error)")
    }
  }

  /// The reference server's sandbox, on the system clock and `Task.sleep`; a reuse interval of
  /// `nil` is the default, 60 seconds.
  public init(
    stateFile: URL, accessTokenLifetime: Duration, refreshTokenReuseInterval: Duration? = nil
  ) throws(SandboxStateError) {
    try self.init(
      stateFile: stateFile, startFresh: false, accessTokenLifetime: accessTokenLifetime,
      refreshTokenReuseInterval: refreshTokenReuseInterval ?? Self.defaultRefreshTokenReuseInterval)
  }

  /// Answers `request` after the injected latency; every status is a response. Only the
  /// absence of one is thrown: `.offline` (also when the sandbox goes offline during the
  /// latency) and `.cancelled` (also while waiting for the state file's lock). A state file
  /// that cannot be read again, or has become unsound, answers `500` and is left as it is.
  /// The request is routed and its body read before the latency and without the state
  /// (``PreparedRequest``).
  package nonisolated func handle(_ request: SandboxRequest) async throws(SandboxTransportError)
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
    let route: Route
    do throws(APIError) {
      route = try prepared.route.get()
    } catch {
      return .failure(error)
    }
    // Every route served by GET only reads.
    guard prepared.request.method == "GET" else { return try await change(prepared, on: route) }
    do {
      return try database.inReadTransaction { store throws(SQLiteError) in
        answer(prepared, on: route, in: store)
      }
    } catch {
      guard !Task.isCancelled else { throw .cancelled }
      return stateFailure(.unreadableState(error))
    }
  }

  /// Answers one request as the reference server received it, its target and header fields
  /// as they arrived, in order, after the injected latency. Every status is a response; only
  /// the absence of one is thrown: when the sandbox is offline, or the task is cancelled.
  public nonisolated func handle(
    method: String, target: String, headerFields: [(name: String, value: String)], body: Data
  ) async throws -> SandboxResponse {
    try await handle(
      SandboxRequest(
        method: method, path: target, headers: HeaderFields(headerFields), body: body))
  }

  private func change(_ prepared: PreparedRequest, on route: Route)
    async throws(SandboxTransportError) -> SandboxResponse
  {
    do {
      return try await database.inWriteTransaction { store throws(SQLiteError) in
        answer(prepared, on: route, in: store)
      }
    } catch {
      guard !Task.isCancelled else { throw .cancelled }
      return stateFailure(.unsavedState(error))
    }
  }

  /// The `500` for a state that cannot be read or written: SQLite's reason, which names no
  /// path, and in ``SandboxResponse/failureDetail`` the database's path too.
  private nonisolated func stateFailure(_ error: APIError) -> SandboxResponse {
    var response = SandboxResponse.failure(error)
    response.failureDetail = "\(error.message) (\(database.path ?? "an in-memory database"))"
    return response
  }

  /// The answer, to be committed when it is a success and rolled back otherwise.
  private nonisolated func answer(
    _ prepared: PreparedRequest, on route: Route, in store: SandboxStore
  ) -> SQLiteConnection.Outcome<SandboxResponse> {
    let handler = RequestHandler(
      store: store, now: clock(), accessTokenLifetime: accessTokenLifetime,
      refreshTokenReuseInterval: refreshTokenReuseInterval, loginThrottle: loginThrottle,
      listReplies: listReplies)
    do throws(APIError) {
      return .commit(try handler.respond(to: route, prepared: prepared))
    } catch {
      // The only 500 a handler throws is a state it cannot read or write.
      return .rollBack(error.status == 500 ? stateFailure(error) : .failure(error))
    }
  }

  public var faults: SandboxFaults { currentFaults.withLock { $0 } }

  public func setOffline(_ isOffline: Bool) {
    currentFaults.withLock { $0.isOffline = isOffline }
  }

  /// `.zero` turns the latency off; at most ``SandboxFaults/maximumLatencyMilliseconds``.
  public func setLatency(_ latency: Duration) throws(SandboxFaultError) {
    guard latency >= .zero else { throw .negativeLatency(latency) }
    guard latency <= .milliseconds(SandboxFaults.maximumLatencyMilliseconds) else {
      throw .latencyTooLong(latency)
    }
    currentFaults.withLock { $0.latency = latency }
  }

  /// Makes the next `count` requests answer `status`, whatever they ask, replacing any queued
  /// failure; a count of 0 clears the queue.
  public func failNext(status: Int, count: Int = 1) throws(SandboxFaultError) {
    guard SandboxFaults.failureStatuses.contains(status) else { throw .statusNotAnError(status) }
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

  /// Makes every access token issued so far expired now. The state operations throw, leaving
  /// the state unchanged, when the database cannot be written, or the task is cancelled while
  /// another process writes.
  public func expireAccessTokens() async throws(SandboxStateError) {
    let now = clock()
    try await change { store throws(SQLiteError) in try store.sessions.expireAccessTokens(now: now)
    }
  }

  /// Access tokens keep working until they expire.
  public func revokeRefreshTokens() async throws(SandboxStateError) {
    try await change { store throws(SQLiteError) in try store.sessions.revokeRefreshTokens() }
  }

  /// The seed cards, no tokens, no faults and no failed logins (those two cleared even when
  /// the state cannot be saved), for every sandbox on the state file. New card ids continue
  /// after those given out before.
  public func reset() async throws(SandboxStateError) {
    clearFaults()
    loginThrottle.clear()
    try await change { store throws(SQLiteError) in try store.replaceWithSeed() }
  }

  /// Errors name the state file, for the person who started the sandbox, not for a client.
  private func change(_ edit: (SandboxStore) throws(SQLiteError) -> Void)
    async throws(SandboxStateError)
  {
    let name = database.path ?? "an in-memory database"
    do {
      try await database.inWriteTransaction { store throws(SQLiteError) in
        try edit(store)
        return .commit(())
      }
    } catch {
      if Task.isCancelled { throw .cancelled(path: name) }
      throw .unwritable(path: name, reason: error.description)
    }
  }
}
