import CardDomain

extension PipelineError {
  /// The domain's view of a request that produced no response to judge.
  var cardError: CardError {
    switch self {
    case .transport(let error): return .networkFailure(reason: error.message)
    case .cancelled: return .cancelled
    case .encoding(let reason): return .invalidInput(.unreadableInput(reason))
    case .signedOut: return .signedOut
    case .sessionExpired(let reason): return .sessionExpired(reason: reason)
    case .refreshLimitExceeded: return .sessionExpired(reason: description)
    case .refreshFailed(let error): return error
    case .credentialStorage(let error): return .credentialStorage(reason: error.message)
    case .adapterFailed(let reason): return .networkFailure(reason: "not sent: \(reason)")
    }
  }
}
