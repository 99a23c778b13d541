/// The fault injection of the sandbox backend, as the `sandbox …` commands drive it.
///
/// The composition root implements it over the in-process sandbox; with a server backend
/// there is none, and the commands say so.
public protocol SandboxControlling: Sendable {
  /// Makes every access token issued so far expire now.
  func expireAccessTokens() async throws(SandboxControlError)
  /// Revokes every refresh token; access tokens keep working until they expire.
  func revokeRefreshTokens() async throws(SandboxControlError)
  /// Makes the next `count` requests answer `status`; a count of 0 clears the queue.
  func failNext(status: Int, count: Int) async throws(SandboxControlError)
  /// Makes every request fail without a response, or stops doing so.
  func setOffline(_ isOffline: Bool) async
  /// Makes every request wait `latency` before it is answered.
  func setLatency(_ latency: Duration) async throws(SandboxControlError)
  /// Restores the seed cards, signs everyone out on the sandbox and clears every fault.
  func reset() async throws(SandboxControlError)
  /// The faults now injected.
  func faults() async -> SandboxFaultSummary
}
