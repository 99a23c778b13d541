import CardDomain
import Foundation

/// Observes the life of every request; every hook does nothing unless implemented.
///
/// Hooks come in this order: built (before any adapter ran); then for each attempt sent
/// (adapted), upload progress while its body goes out, received (any status) or failed (no
/// response), then retrying when another attempt follows; finished once at the end. They run
/// on the request's path, so they must return quickly.
public protocol EventMonitor: Sendable {
  func requestBuilt(_ request: HTTPRequest, body: RequestBodySummary, context: RequestContext)
  func requestSent(_ request: HTTPRequest, context: RequestContext)
  func responseReceived(_ response: HTTPResponse, after elapsed: Duration, context: RequestContext)
  func requestFailed(_ error: TransportError, after elapsed: Duration, context: RequestContext)
  /// How much of an attempt's body the transport has handed to the network: between sent and
  /// received, as often as the transport reports, on the transport's thread, so it must never
  /// block. A retried attempt starts again from its first bytes.
  func uploadProgressed(_ sent: Int64, of total: Int64, context: RequestContext)
  func requestRetrying(reason: RetryReason, delay: Duration, context: RequestContext)
  func requestFinished(_ metrics: RequestMetrics)
}

extension EventMonitor {
  public func requestBuilt(
    _ request: HTTPRequest, body: RequestBodySummary, context: RequestContext
  ) {}
  public func requestSent(_ request: HTTPRequest, context: RequestContext) {}
  public func responseReceived(
    _ response: HTTPResponse, after elapsed: Duration, context: RequestContext
  ) {}
  public func requestFailed(
    _ error: TransportError, after elapsed: Duration, context: RequestContext
  ) {}
  public func uploadProgressed(_ sent: Int64, of total: Int64, context: RequestContext) {}
  public func requestRetrying(reason: RetryReason, delay: Duration, context: RequestContext) {}
  public func requestFinished(_ metrics: RequestMetrics) {}
}

/// The figures of one finished request, measured by the pipeline itself (FoundationNetworking
/// delivers no task metrics): `url` is the base URL when the request could not be built,
/// `duration` runs from building to the end, retries and delays included, and the byte counts
/// are bodies over all attempts.
public struct RequestMetrics: Hashable, Sendable {
  public enum Outcome: Hashable, Sendable {
    /// A response with this status was handed to the endpoint to judge.
    case response(status: Int)
    /// No response to judge: this error ended the request.
    case failure(CardError)
  }

  public let context: RequestContext
  public let method: HTTPMethod
  public let url: URL
  public let attempts: Int
  public let duration: Duration
  public let bytesSent: Int64
  public let bytesReceived: Int64
  public let outcome: Outcome
}

/// What a request body holds, described for monitors without handing them file contents; a
/// logger redacts the secrets in a JSON body before printing it.
public enum RequestBodySummary: Hashable, Sendable {
  case empty
  case json(Data)
  case multipart([Part])

  /// One multipart part: its size when known without reading a file, and the value of a text
  /// field, never the bytes of a file part.
  public struct Part: Hashable, Sendable {
    public let name: String
    public let filename: String?
    public let contentType: String?
    public let byteCount: Int64?
    public let text: String?

    public init(_ part: MultipartPart) {
      name = part.name
      filename = part.filename
      contentType = part.contentType
      switch part.content {
      case .data(let data):
        byteCount = Int64(data.count)
        text = part.isFile ? nil : String(data: data, encoding: .utf8)
      case .file(let url):
        let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber
        byteCount = size?.int64Value
        text = nil
      }
    }
  }
}

/// Forwards every event to several monitors, in order. It calls them by index, which borrows
/// each monitor where a `for`-`in` loop would copy it (a logging monitor holds a redactor).
struct CompositeEventMonitor: EventMonitor {
  let monitors: [any EventMonitor]

  private func forEach(_ event: (borrowing any EventMonitor) -> Void) {
    for index in monitors.indices { event(monitors[index]) }
  }

  func requestBuilt(_ request: HTTPRequest, body: RequestBodySummary, context: RequestContext) {
    forEach { $0.requestBuilt(request, body: body, context: context) }
  }
  func requestSent(_ request: HTTPRequest, context: RequestContext) {
    forEach { $0.requestSent(request, context: context) }
  }
  func responseReceived(_ response: HTTPResponse, after elapsed: Duration, context: RequestContext)
  {
    forEach { $0.responseReceived(response, after: elapsed, context: context) }
  }
  func requestFailed(_ error: TransportError, after elapsed: Duration, context: RequestContext) {
    forEach { $0.requestFailed(error, after: elapsed, context: context) }
  }
  func uploadProgressed(_ sent: Int64, of total: Int64, context: RequestContext) {
    forEach { $0.uploadProgressed(sent, of: total, context: context) }
  }
  func requestRetrying(reason: RetryReason, delay: Duration, context: RequestContext) {
    forEach { $0.requestRetrying(reason: reason, delay: delay, context: context) }
  }
  func requestFinished(_ metrics: RequestMetrics) { forEach { $0.requestFinished(metrics) } }
}
