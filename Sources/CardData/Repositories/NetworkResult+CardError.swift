import CardDomain

extension NetworkResult {
  /// The domain error for a failed result, or `nil` for a success.
  var cardError: CardError? {
    switch self {
    case .success: nil
    case .requestErr(let message, let status): .rejected(message: message, status: status)
    case .pathErr(let reason): .contractMismatch(reason: reason)
    case .serverErr(let status, let message): .serverFailure(status: status, message: message)
    case .networkFail(let reason): .networkFailure(reason: reason)
    }
  }

  /// The success value, or the domain error for a failed result.
  func get() throws(CardError) -> Value {
    switch self {
    case .success(let value): return value
    default: throw cardError ?? .contractMismatch(reason: "no value")
    }
  }
}
