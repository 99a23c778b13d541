import CardDomain

/// One step around every request, in the manner of swift-openapi-runtime's `ClientMiddleware`
/// and Hummingbird's `MiddlewareProtocol`: it may change the request, hand it on with `next`
/// (the rest of the chain, the transport at its end) once, several times or not at all, and
/// look at or replace what comes back. Control flows top to bottom through one function.
///
/// A middleware sees what passes its place in the chain: placed before the retry policy it
/// sees the call once, placed after it sees every attempt. ``CardAPI`` keeps the order in one
/// array.
public protocol ClientMiddleware: Sendable {
  func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: (HTTPRequest) async throws(CallFailure) -> HTTPResponse
  ) async throws(CallFailure) -> HTTPResponse
}

/// Why a call through the chain has no response: the transport got none, which a retry may
/// answer by sending again, or a middleware ended the call.
public enum CallFailure: Error, Hashable, Sendable {
  case transport(TransportError)
  case ended(CardError)

  /// What a caller of the pipeline sees: a transport's failure in the contract's terms.
  var cardError: CardError {
    switch self {
    case .transport(let error) where error.kind == .cancelled: .cancelled
    case .transport(let error): CardError(noResponse: error)
    case .ended(let error): error
    }
  }
}
