import Foundation

/// The server side of the card service's wire contract, in process: HTTP-shaped requests
/// in, HTTP-shaped responses out, with the contract's envelope, status codes, tokens and
/// multipart parsing, faults that can be injected, and optional persistence to a file.
///
/// It starts with the users `demo`/`demo` (cards `c1`, `c2`) and `guest`/`guest` (card
/// `c3`). A request runs against a copy of the state that replaces the state only when the
/// request succeeds and, with a state file, only once the copy is saved.
public actor CardSandbox {
  private var state: SandboxState
  private var currentFaults = SandboxFaults.none
  private let stateFile: StateFile?
  private let accessTokenLifetime: Int
  private let clock: @Sendable () -> Date

  /// A sandbox in memory, starting from the seed state.
  ///
  /// - Parameters:
  ///   - accessTokenLifetime: how long an access token works, in whole seconds; a lifetime
  ///     under one second is taken as one second.
  ///   - clock: the current time, for token expiry; tests pass a clock they can move.
  public init(
    accessTokenLifetime: Duration = .seconds(3600),
    clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.init(
      state: SeedData.state, stateFile: nil, accessTokenLifetime: accessTokenLifetime,
      clock: clock)
  }

  /// A sandbox whose state lives in `stateFile`: loaded from it when it exists, written
  /// to it (created with the seed state) otherwise, and saved after every change.
  ///
  /// - Parameters:
  ///   - stateFile: the file, or `nil` to keep the state in memory only.
  ///   - startFresh: ignore what the file holds and overwrite it with the seed state, the
  ///     way to recover from a corrupt file.
  ///   - accessTokenLifetime: how long an access token works, in whole seconds; a lifetime
  ///     under one second is taken as one second.
  ///   - clock: the current time, for token expiry; tests pass a clock they can move.
  /// - Throws: ``SandboxStateError`` when the file cannot be read, is not a sound state, or
  ///   cannot be written. A bad file is never replaced silently.
  public init(
    stateFile: URL?,
    startFresh: Bool = false,
    accessTokenLifetime: Duration = .seconds(3600),
    clock: @escaping @Sendable () -> Date = { Date() }
  ) throws(SandboxStateError) {
    let file = stateFile.map(StateFile.init)
    var state = SeedData.state
    if let file {
      if !startFresh, let stored = try file.load() {
        state = stored
      } else {
        try file.save(state)
      }
    }
    self.init(
      state: state, stateFile: file, accessTokenLifetime: accessTokenLifetime, clock: clock)
  }

  private init(
    state: SandboxState, stateFile: StateFile?, accessTokenLifetime: Duration,
    clock: @escaping @Sendable () -> Date
  ) {
    self.state = state
    self.stateFile = stateFile
    self.accessTokenLifetime = Int(max(accessTokenLifetime.components.seconds, 1))
    self.clock = clock
  }

  /// Answers `request` as the service would, after the injected latency.
  ///
  /// Every status is a response, the contract's refusals and injected failures included;
  /// only the absence of any response is thrown.
  ///
  /// - Throws: ``SandboxTransportError/offline`` while the sandbox is offline, also when it
  ///   goes offline during the latency; ``SandboxTransportError/cancelled`` when the calling
  ///   task is cancelled before the answer.
  public func handle(_ request: SandboxRequest) async throws(SandboxTransportError)
    -> SandboxResponse
  {
    guard !Task.isCancelled else { throw .cancelled }
    guard !currentFaults.isOffline else { throw .offline }
    if currentFaults.latency > .zero {
      do {
        try await Task.sleep(for: currentFaults.latency)
      } catch {
        throw .cancelled
      }
      guard !currentFaults.isOffline else { throw .offline }
    }
    if let status = currentFaults.takeFailure() {
      return InjectedFailure.response(status: status)
    }
    return respond(to: request)
  }

  /// The faults now injected.
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

  /// Removes every injected fault: online, no latency, no queued failure.
  public func clearFaults() {
    currentFaults = .none
  }

  /// Makes every access token issued so far expired now, as if its lifetime had passed.
  /// - Throws: ``SandboxStateError/unwritable(path:reason:)`` when the change cannot be
  ///   saved; the tokens are then unchanged.
  public func expireAccessTokens() throws(SandboxStateError) {
    var next = state
    next.sessions.expireAccessTokens(now: clock())
    try commit(next)
  }

  /// Revokes every refresh token; access tokens keep working until they expire.
  /// - Throws: ``SandboxStateError/unwritable(path:reason:)`` when the change cannot be
  ///   saved; the tokens are then unchanged.
  public func revokeRefreshTokens() throws(SandboxStateError) {
    var next = state
    next.sessions.revokeRefreshTokens()
    try commit(next)
  }

  /// Puts the sandbox back as a new one starts: the seed cards, no tokens, no faults. With
  /// a state file, the file is rewritten. New card ids still continue after the ones given
  /// out before, so that no id is used twice.
  /// - Throws: ``SandboxStateError/unwritable(path:reason:)`` when the seed state cannot be
  ///   saved; the state is then unchanged, but the faults are cleared.
  public func reset() throws(SandboxStateError) {
    currentFaults = .none
    var seed = SeedData.state
    seed.cards.continueNumbering(after: state.cards)
    try commit(seed)
  }

  /// The answer to `request`, keeping the changed state of a successful request.
  private func respond(to request: SandboxRequest) -> SandboxResponse {
    var handler = RequestHandler(
      state: state, now: clock(), accessTokenLifetime: accessTokenLifetime)
    do throws(APIError) {
      let route = try Route(of: request)
      let response = try handler.respond(to: route, request: request)
      if route.changesState {
        do {
          try commit(handler.state)
        } catch {
          throw .internalError("the sandbox could not save its state: \(error)")
        }
      }
      return response
    } catch {
      return .failure(error)
    }
  }

  /// Saves `next` when there is a state file, then makes it the state.
  private func commit(_ next: SandboxState) throws(SandboxStateError) {
    try stateFile?.save(next)
    state = next
  }
}
