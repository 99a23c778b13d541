/// Observes the life of every request; all hooks do nothing by default.
///
/// Hooks are called in order: built, then per attempt adapted, sent, and either
/// response received or transport failed, then retrying when a retry follows; finished once
/// at the end. They must return quickly: they run on the request's path.
public protocol EventMonitor: Sendable {
  /// The request was built from its endpoint, before any adapter ran.
  func requestBuilt(_ request: HTTPRequest, body: RequestBodySummary, context: RequestContext)
  /// Adapters ran; `request` is what will be sent.
  func requestAdapted(_ request: HTTPRequest, context: RequestContext)
  /// The request was handed to the transport.
  func requestSent(_ request: HTTPRequest, context: RequestContext)
  /// A response arrived (any status).
  func responseReceived(_ response: HTTPResponse, after elapsed: Duration, context: RequestContext)
  /// The attempt got no response.
  func requestFailed(_ error: TransportError, after elapsed: Duration, context: RequestContext)
  /// The request will be sent again after `delay`.
  func requestRetrying(reason: RetryReason, delay: Duration, context: RequestContext)
  /// The request finished, successfully or not.
  func requestFinished(_ metrics: RequestMetrics)
}

extension EventMonitor {
  /// Does nothing.
  public func requestBuilt(
    _ request: HTTPRequest, body: RequestBodySummary, context: RequestContext
  ) {}
  /// Does nothing.
  public func requestAdapted(_ request: HTTPRequest, context: RequestContext) {}
  /// Does nothing.
  public func requestSent(_ request: HTTPRequest, context: RequestContext) {}
  /// Does nothing.
  public func responseReceived(
    _ response: HTTPResponse, after elapsed: Duration, context: RequestContext
  ) {}
  /// Does nothing.
  public func requestFailed(
    _ error: TransportError, after elapsed: Duration, context: RequestContext
  ) {}
  /// Does nothing.
  public func requestRetrying(reason: RetryReason, delay: Duration, context: RequestContext) {}
  /// Does nothing.
  public func requestFinished(_ metrics: RequestMetrics) {}
}
