/// Forwards every event to several monitors, in order.
struct CompositeEventMonitor: EventMonitor {
  let monitors: [any EventMonitor]

  func requestBuilt(_ request: HTTPRequest, body: RequestBodySummary, context: RequestContext) {
    for monitor in monitors { monitor.requestBuilt(request, body: body, context: context) }
  }
  func requestAdapted(_ request: HTTPRequest, context: RequestContext) {
    for monitor in monitors { monitor.requestAdapted(request, context: context) }
  }
  func requestSent(_ request: HTTPRequest, context: RequestContext) {
    for monitor in monitors { monitor.requestSent(request, context: context) }
  }
  func responseReceived(_ response: HTTPResponse, after elapsed: Duration, context: RequestContext)
  {
    for monitor in monitors {
      monitor.responseReceived(response, after: elapsed, context: context)
    }
  }
  func requestFailed(_ error: TransportError, after elapsed: Duration, context: RequestContext) {
    for monitor in monitors { monitor.requestFailed(error, after: elapsed, context: context) }
  }
  func requestRetrying(reason: RetryReason, delay: Duration, context: RequestContext) {
    for monitor in monitors {
      monitor.requestRetrying(reason: reason, delay: delay, context: context)
    }
  }
  func requestFinished(_ metrics: RequestMetrics) {
    for monitor in monitors { monitor.requestFinished(metrics) }
  }
}
