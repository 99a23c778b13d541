/// Adapters and retriers composed in order, in the manner of Alamofire's `Interceptor`.
public struct Interceptor: RequestAdapter, RequestRetrier {
  /// Run in order for every attempt.
  public var adapters: [any RequestAdapter]
  /// Asked in order after a failed attempt.
  public var retriers: [any RequestRetrier]

  /// Composes adapters and retriers.
  public init(adapters: [any RequestAdapter] = [], retriers: [any RequestRetrier] = []) {
    self.adapters = adapters
    self.retriers = retriers
  }

  /// Composes objects that both adapt and retry (such as the authentication interceptor),
  /// adapting and retrying in the given order.
  public init(_ interceptors: [any RequestAdapter & RequestRetrier]) {
    self.init(adapters: interceptors, retriers: interceptors)
  }

  /// Runs every adapter in order; the first that throws stops the request.
  public func adapt(_ request: HTTPRequest, context: RequestContext) async throws(PipelineError)
    -> HTTPRequest
  {
    var adapted = request
    for adapter in adapters {
      adapted = try await adapter.adapt(adapted, context: context)
    }
    return adapted
  }

  /// The first decision other than ``RetryDecision/noDecision``, else `noDecision`.
  public func retry(
    _ request: HTTPRequest, failedWith failure: AttemptFailure, context: RequestContext
  ) async -> RetryDecision {
    for retrier in retriers {
      let decision = await retrier.retry(request, failedWith: failure, context: context)
      if decision != .noDecision { return decision }
    }
    return .noDecision
  }
}
