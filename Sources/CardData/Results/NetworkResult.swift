/// The outcome of one call to the card service, judged from the HTTP status first and the
/// envelope second (see ``judgeStatus(by:data:type:)``).
///
/// The five cases keep apart what callers handle differently: a refusal they can show, a
/// contract mismatch that is a bug, a server fault, and a call that never got an answer.
public enum NetworkResult<Value> {
  /// A 2xx whose envelope carried the expected payload.
  case success(Value)
  /// A 4xx: the server understood the request and refused it. `message` is the envelope's
  /// message, or a standard phrase such as `not found` when the body has none.
  case requestErr(message: String, status: Int)
  /// The reply does not match the contract: a 2xx body that is not the envelope, a payload
  /// of the wrong shape or one that breaks the contract's rules, or an unexpected status.
  case pathErr(reason: String)
  /// A 5xx; `message` is the envelope's message when the body is the envelope.
  case serverErr(status: Int, message: String?)
  /// No HTTP response arrived: no connection, timeout, cancellation, TLS failure.
  case networkFail(reason: String)
}

extension NetworkResult: Sendable where Value: Sendable {}
extension NetworkResult: Equatable where Value: Equatable {}
extension NetworkResult: Hashable where Value: Hashable {}

extension NetworkResult {
  /// Maps the payload of a success to an entity; a payload that breaks the contract's rules
  /// becomes ``pathErr(reason:)`` with the mapping error's reason, and every other case
  /// passes through unchanged.
  ///
  /// ```swift
  /// judgeStatus(by: status, data: body, type: CardDTO.self).tryMap { try $0.card() }
  /// ```
  public func tryMap<NewValue>(
    _ transform: (Value) throws(WireMappingError) -> NewValue
  ) -> NetworkResult<NewValue> {
    switch self {
    case .success(let value):
      do throws(WireMappingError) {
        return .success(try transform(value))
      } catch {
        return .pathErr(reason: error.reason)
      }
    case .requestErr(let message, let status): return .requestErr(message: message, status: status)
    case .pathErr(let reason): return .pathErr(reason: reason)
    case .serverErr(let status, let message): return .serverErr(status: status, message: message)
    case .networkFail(let reason): return .networkFail(reason: reason)
    }
  }
}
