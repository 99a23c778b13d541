/// Every way a card flow can fail, keeping the distinctions of the Data layer's
/// `NetworkResult` so that callers can tell them apart.
public enum CardError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The server understood the request and refused it (a 4xx: `requestErr`).
  case rejected(message: String, status: Int)
  /// The reply does not match the contract: wrong path, wrong shape (`pathErr`).
  case contractMismatch(reason: String)
  /// The server failed (a 5xx: `serverErr`).
  case serverFailure(status: Int, message: String?)
  /// No HTTP response arrived: no connection, timeout, TLS failure (`networkFail`).
  case networkFailure(reason: String)
  /// No one is signed in.
  case signedOut
  /// The session ended and could not be renewed; sign in again.
  case sessionExpired(reason: String)
  /// The input was rejected before any request was sent.
  case invalidInput(ValidationError)
  /// The stored session could not be read or written (a tampered or unreadable store).
  case credentialStorage(reason: String)
  /// The caller cancelled the flow.
  case cancelled

  /// A sentence for people.
  public var description: String {
    switch self {
    case .rejected(let message, let status): "\(message) (\(status))"
    case .contractMismatch(let reason): "the reply does not match the contract: \(reason)"
    case .serverFailure(let status, let message):
      message.map { "\($0) (\(status))" } ?? "the server failed (\(status))"
    case .networkFailure(let reason): reason
    case .signedOut: "not signed in; use login first"
    case .sessionExpired(let reason): "session expired: \(reason); sign in again"
    case .invalidInput(let error): error.description
    case .credentialStorage(let reason): "the session store failed: \(reason)"
    case .cancelled: "cancelled"
    }
  }
}
