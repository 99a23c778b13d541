import CardDomain

extension NetworkResult {
  /// The success value, or the domain error that keeps the failure's distinction.
  func get() throws(CardError) -> Value {
    switch self {
    case .success(let value): value
    case .requestErr(let message, let status): throw .rejected(message: message, status: status)
    case .pathErr(let reason): throw .contractMismatch(reason: reason)
    case .serverErr(let status, let message): throw .serverFailure(status: status, message: message)
    case .networkFail(let reason): throw .networkFailure(reason: reason)
    }
  }
}
