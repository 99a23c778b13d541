/// How a command ended, in the vocabulary of the contract's `NetworkResult`, plus the two
/// outcomes that never reach a server: `signedOut` and `invalid`.
public enum ResultKind: String, Hashable, Sendable, CaseIterable {
  /// The command did what it was asked.
  case success
  /// The server refused the request (a 4xx).
  case requestErr
  /// The reply did not match the contract.
  case pathErr
  /// The server failed (a 5xx).
  case serverErr
  /// No response arrived: offline, timeout, cancelled.
  case networkFail
  /// No usable session: none, expired beyond refresh, or a store that cannot be read.
  case signedOut
  /// Rejected before any request: a usage error or input that fails validation.
  case invalid
}
