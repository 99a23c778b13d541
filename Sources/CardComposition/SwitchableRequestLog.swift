import CardData
import CardREPL
import Synchronization

/// The redacting ``CardData/LoggingMonitor``, passed every event only while `log on`.
final class SwitchableRequestLog: EventMonitor, RequestLogSwitch {
  private let logger: LoggingMonitor
  private let enabled: Atomic<Bool>

  /// A log that writes each line through `write`, starting on or off.
  init(isEnabled: Bool, write: @escaping @Sendable (String) -> Void) {
    logger = LoggingMonitor(write: write)
    enabled = Atomic(isEnabled)
  }

  var isEnabled: Bool { enabled.load(ordering: .relaxed) }

  func setEnabled(_ isEnabled: Bool) { enabled.store(isEnabled, ordering: .relaxed) }

  func requestBuilt(_ request: HTTPRequest, body: RequestBodySummary, context: RequestContext) {
    if isEnabled { logger.requestBuilt(request, body: body, context: context) }
  }

  func requestAdapted(_ request: HTTPRequest, context: RequestContext) {
    if isEnabled { logger.requestAdapted(request, context: context) }
  }

  func requestSent(_ request: HTTPRequest, context: RequestContext) {
    if isEnabled { logger.requestSent(request, context: context) }
  }

  func responseReceived(_ response: HTTPResponse, after elapsed: Duration, context: RequestContext)
  {
    if isEnabled { logger.responseReceived(response, after: elapsed, context: context) }
  }

  func requestFailed(_ error: TransportError, after elapsed: Duration, context: RequestContext) {
    if isEnabled { logger.requestFailed(error, after: elapsed, context: context) }
  }

  func requestRetrying(reason: RetryReason, delay: Duration, context: RequestContext) {
    if isEnabled { logger.requestRetrying(reason: reason, delay: delay, context: context) }
  }

  func requestFinished(_ metrics: RequestMetrics) {
    if isEnabled { logger.requestFinished(metrics) }
  }
}
