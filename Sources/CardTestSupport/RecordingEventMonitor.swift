import CardData
import CardPrimitives

/// An event monitor that records every event, in order.
public final class RecordingEventMonitor: EventMonitor {
  public enum Event: Hashable, Sendable {
    case built(HTTPRequest, RequestBodySummary)
    case sent(HTTPRequest)
    case received(status: Int)
    case failed(TransportError)
    case retrying(RetryReason, Duration)
    case finished(RequestMetrics)

    /// Such as `sent`, for comparing sequences.
    public var name: String {
      switch self {
      case .built: "built"
      case .sent: "sent"
      case .received: "received"
      case .failed: "failed"
      case .retrying: "retrying"
      case .finished: "finished"
      }
    }
  }

  private let recorded = Protected<[Event]>([])

  public init() {}

  public var events: [Event] { recorded.withLock { $0 } }

  public var finished: [RequestMetrics] {
    events.compactMap { if case .finished(let metrics) = $0 { metrics } else { nil } }
  }

  private func record(_ event: Event) { recorded.withLock { $0.append(event) } }

  public func requestBuilt(
    _ request: HTTPRequest, body: RequestBodySummary, context: RequestContext
  ) {
    record(.built(request, body))
  }
  public func requestSent(_ request: HTTPRequest, context: RequestContext) {
    record(.sent(request))
  }
  public func responseReceived(
    _ response: HTTPResponse, after elapsed: Duration, context: RequestContext
  ) {
    record(.received(status: response.status))
  }
  public func requestFailed(
    _ error: TransportError, after elapsed: Duration, context: RequestContext
  ) {
    record(.failed(error))
  }
  public func requestRetrying(reason: RetryReason, delay: Duration, context: RequestContext) {
    record(.retrying(reason, delay))
  }
  public func requestFinished(_ metrics: RequestMetrics) { record(.finished(metrics)) }
}
