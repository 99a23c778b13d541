import CardDomain

/// Why the pipeline produced no response to judge.
public enum PipelineError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No HTTP response arrived, after any retries.
  case transport(TransportError)
  /// The caller's task was cancelled.
  case cancelled
  /// The request could not be built (unencodable body, unreadable file part).
  case encoding(reason: String)
  /// The request needs a credential and none is stored.
  case signedOut
  /// The credential could not be renewed: the server refused the refresh token.
  case sessionExpired(reason: String)
  /// More refreshes than allowed in a short time; stopped instead of looping.
  case refreshLimitExceeded(count: Int, window: Duration)
  /// The refresh call failed without a verdict on the token (network or server failure).
  case refreshFailed(CardError)
  /// The credential store could not be read or written.
  case credentialStorage(CredentialStoreError)
  /// A custom adapter stopped the request.
  case adapterFailed(reason: String)

  /// A sentence for people.
  public var description: String {
    switch self {
    case .transport(let error): error.message
    case .cancelled: "cancelled"
    case .encoding(let reason): "the request could not be built: \(reason)"
    case .signedOut: "not signed in"
    case .sessionExpired(let reason): "session expired: \(reason)"
    case .refreshLimitExceeded(let count, let window):
      "stopped after \(count) token refreshes within \(window); the server keeps rejecting "
        + "fresh tokens"
    case .refreshFailed(let error): "the token refresh failed: \(error)"
    case .credentialStorage(let error): error.message
    case .adapterFailed(let reason): reason
    }
  }
}
