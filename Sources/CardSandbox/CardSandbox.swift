import CardPrimitives
import Foundation

/// The server side of the card service's wire contract, in process: HTTP-shaped requests
/// in, HTTP-shaped responses out, with the contract's envelope, status codes, tokens and
/// multipart parsing, faults that can be injected, and optional persistence to a file.
///
/// It starts with the users `demo`/`demo` (cards `c1`, `c2`) and `guest`/`guest` (card
/// `c3`). A request runs against a copy of the state that replaces the state only when the
/// request succeeds and, with a state file, only once the copy is saved.
///
/// With a state file, the file is the one source of truth for every sandbox on it, in this
/// process or another: each request and each state operation takes the exclusive lock on
/// the lock file beside it, reads the file again if another sandbox has changed it, and
/// saves its change before it releases the lock. Injected faults belong to each sandbox.
public actor CardSandbox {
  private var shared: SharedState
  private var currentFaults = SandboxFaults.none
  private let accessTokenLifetime: Int
  private let clock: @Sendable () -> Date
  private let sleep: @Sendable (Duration) async throws -> Void

  /// A sandbox in memory, starting from the seed state; the parameters are those of
  /// ``init(stateFile:startFresh:accessTokenLifetime:clock:sleep:)``.
  public init(
    accessTokenLifetime: Duration = .seconds(3600),
    clock: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.init(
      shared: SharedState(inMemory: SeedData.state), accessTokenLifetime: accessTokenLifetime,
      clock: clock, sleep: sleep)
  }

  /// A sandbox whose state lives in `stateFile` (in memory when `nil`): loaded from it when
  /// it exists, created with the seed state otherwise, read again when another sandbox has
  /// changed it, and saved after every change. The start takes the lock beside the file
  /// (`<stateFile>.lock`, mode 0600), blocking the calling thread while another sandbox
  /// answers a request. A bad file throws and is never replaced silently: `startFresh`
  /// overwrites it with the seed state, the way to recover from a corrupt file.
  ///
  /// `accessTokenLifetime` is counted in whole seconds, at least one. Tests pass a `clock`
  /// they can move and a `sleep` (the injected latency) they control; it must throw when its
  /// task is cancelled, as `Task.sleep` does.
  public init(
    stateFile: URL?,
    startFresh: Bool = false,
    accessTokenLifetime: Duration = .seconds(3600),
    clock: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) throws(SandboxStateError) {
    var shared = SharedState(inMemory: SeedData.state)
    if let stateFile {
      let file = StateFile(url: stateFile)
      let lock = try file.lockBlocking()
      defer { lock.release() }
      shared = try SharedState(file: file, startFresh: startFresh)
    }
    self.init(
      shared: shared, accessTokenLifetime: accessTokenLifetime, clock: clock, sleep: sleep)
  }

  private init(
    shared: SharedState, accessTokenLifetime: Duration, clock: @escaping @Sendable () -> Date,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.shared = shared
    self.accessTokenLifetime = Int(max(accessTokenLifetime.components.seconds, 1))
    self.clock = clock
    self.sleep = sleep
  }

  /// Answers `request` as the service would, after the injected latency.
  ///
  /// Every status is a response, the contract's refusals and injected failures included;
  /// only the absence of any response is thrown: ``SandboxTransportError/offline`` while the
  /// sandbox is offline (also when it goes offline during the latency),
  /// ``SandboxTransportError/cancelled`` when the task is cancelled before the answer (also
  /// while another sandbox holds the state file's lock). A state file that cannot be read
  /// again, or has become unsound, answers `500` with the reason and is left as it is.
  public func handle(_ request: SandboxRequest) async throws(SandboxTransportError)
    -> SandboxResponse
  {
    guard !Task.isCancelled else { throw .cancelled }
    guard !currentFaults.isOffline else { throw .offline }
    if currentFaults.latency > .zero {
      do {
        try await sleep(currentFaults.latency)
      } catch {
        throw .cancelled
      }
      guard !currentFaults.isOffline else { throw .offline }
    }
    if let status = currentFaults.takeFailure() {
      return InjectedFailure.response(status: status)
    }
    return try await respond(to: request)
  }

  public var faults: SandboxFaults { currentFaults }

  /// Makes every request fail with ``SandboxTransportError/offline``, or stops doing so.
  public func setOffline(_ isOffline: Bool) {
    currentFaults.isOffline = isOffline
  }

  /// Makes every request wait `latency` before it is answered; `.zero` turns it off.
  public func setLatency(_ latency: Duration) throws(SandboxFaultError) {
    guard latency >= .zero else { throw .negativeLatency(latency) }
    currentFaults.latency = latency
  }

  /// Makes the next `count` requests answer `status`, whatever they ask, replacing any
  /// queued failure; a count of 0 clears the queue. See ``InjectedFailure`` for the bodies.
  public func failNext(status: Int, count: Int = 1) throws(SandboxFaultError) {
    guard (400...599).contains(status) else { throw .statusNotAnError(status) }
    guard count >= 0 else { throw .negativeCount(count) }
    currentFaults.failureStatus = count == 0 ? nil : status
    currentFaults.failuresRemaining = count
  }

  /// Online, no latency, no queued failure.
  public func clearFaults() {
    currentFaults = .none
  }

  /// Makes every access token issued so far expired now, as if its lifetime had passed.
  ///
  /// This and the other state operations throw ``SandboxStateError`` when the state file
  /// cannot be locked, read or saved, or the task is cancelled while waiting for its lock;
  /// the state is then unchanged.
  public func expireAccessTokens() async throws(SandboxStateError) {
    try await change { $0.sessions.expireAccessTokens(now: clock()) }
  }

  /// Revokes every refresh token; access tokens keep working until they expire.
  public func revokeRefreshTokens() async throws(SandboxStateError) {
    try await change { $0.sessions.revokeRefreshTokens() }
  }

  /// Puts the sandbox back as a new one starts: the seed cards, no tokens, no faults. With
  /// a state file, the file is rewritten, for every sandbox on it. New card ids still
  /// continue after the ones given out before, so that no id is used twice. The faults are
  /// cleared even when the state cannot be saved.
  public func reset() async throws(SandboxStateError) {
    currentFaults = .none
    try await change { state in
      var seed = SeedData.state
      seed.cards.continueNumbering(after: state.cards)
      state = seed
    }
  }

  private func respond(to request: SandboxRequest) async throws(SandboxTransportError)
    -> SandboxResponse
  {
    let route: Route
    do throws(APIError) {
      route = try Route(of: request)
    } catch {
      return .failure(error)
    }
    do {
      return try await withLatestState { () throws(SandboxStateError) in
        answer(request, on: route)
      }
    } catch {
      if case .cancelled = error { throw .cancelled }
      return .failure(.internalError("the sandbox could not load its state: \(error)"))
    }
  }

  /// The answer to `request` on `route` against the current state, which a successful
  /// request that changes state replaces once it is saved.
  private func answer(_ request: SandboxRequest, on route: Route) -> SandboxResponse {
    var handler = RequestHandler(
      state: shared.current, now: clock(), accessTokenLifetime: accessTokenLifetime)
    do throws(APIError) {
      let response = try handler.respond(to: route, request: request)
      if route.changesState {
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

  /// Runs `body` on the latest state. With a state file, it runs under the file's lock
  /// after catching up with the file, so that it sees every other sandbox's changes and no
  /// other sandbox changes the file until it returns.
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
