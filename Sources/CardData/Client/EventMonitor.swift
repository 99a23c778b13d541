import CardDomain
import Foundation

/// Observes the life of every request; every hook does nothing unless implemented.
///
/// Hooks come in this order: built; then for each attempt sent, and either received or
/// failed, then retrying when another attempt follows; finished once at the end. They run
/// on the request's path, so they must return quickly.
public protocol EventMonitor: Sendable {
  /// The request was built from its endpoint, before any adapter ran.
  func requestBuilt(_ request: HTTPRequest, body: RequestBodySummary, context: RequestContext)
  /// The adapted request was handed to the transport.
  func requestSent(_ request: HTTPRequest, context: RequestContext)
  /// A response arrived (any status).
  func responseReceived(_ response: HTTPResponse, after elapsed: Duration, context: RequestContext)
  /// The attempt got no response.
  func requestFailed(_ error: TransportError, after elapsed: Duration, context: RequestContext)
  /// The request will be sent again after `delay`.
  func requestRetrying(reason: RetryReason, delay: Duration, context: RequestContext)
  /// The request finished, with or without a response.
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
  public func requestRetrying(reason: RetryReason, delay: Duration, context: RequestContext) {}
  public func requestFinished(_ metrics: RequestMetrics) {}
}

/// The figures of one finished request, measured by the pipeline itself (FoundationNetworking
/// delivers no task metrics).
public struct RequestMetrics: Hashable, Sendable {
  /// How a request ended.
  public enum Outcome: Hashable, Sendable {
    /// A response with this status was handed to the endpoint to judge (any status).
    case response(status: Int)
    /// No response to judge: this error ended the request.
    case failure(CardError)
  }

  public let context: RequestContext
  public let method: HTTPMethod
  /// The URL (the base URL when the request could not be built).
  public let url: URL
  /// How many times the request was sent.
  public let attempts: Int
  /// From building the request to its end, retries and their delays included.
  public let duration: Duration
  /// Request body bytes sent, all attempts together.
  public let bytesSent: Int64
  /// Response body bytes received, all attempts together.
  public let bytesReceived: Int64
  public let outcome: Outcome

  public init(
    context: RequestContext, method: HTTPMethod, url: URL, attempts: Int, duration: Duration,
    bytesSent: Int64, bytesReceived: Int64, outcome: Outcome
  ) {
    self.context = context
    self.method = method
    self.url = url
    self.attempts = attempts
    self.duration = duration
    self.bytesSent = bytesSent
    self.bytesReceived = bytesReceived
    self.outcome = outcome
  }
}

/// What a request body holds, described for monitors without handing them file contents.
public enum RequestBodySummary: Hashable, Sendable {
  case empty
  /// A JSON body; a logger redacts the secrets in it before printing.
  case json(Data)
  /// A multipart form, part by part.
  case multipart([Part])

  /// One multipart part as monitors see it.
  public struct Part: Hashable, Sendable {
    public let name: String
    /// The file name, for file parts.
    public let filename: String?
    public let contentType: String?
    /// The part's size in bytes, when known without reading a file.
    public let byteCount: Int64?
    /// The value of a text field; never the bytes of a file part.
    public let text: String?

    /// Describes a part without reading a file's contents.
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

/// Forwards every event to several monitors, in order.
struct CompositeEventMonitor: EventMonitor {
  let monitors: [any EventMonitor]

  func requestBuilt(_ request: HTTPRequest, body: RequestBodySummary, context: RequestContext) {
    for monitor in monitors { monitor.requestBuilt(request, body: body, context: context) }
  }
  func requestSent(_ request: HTTPRequest, context: RequestContext) {
    for monitor in monitors { monitor.requestSent(request, context: context) }
  }
  func responseReceived(_ response: HTTPResponse, after elapsed: Duration, context: RequestContext)
  {
    for monitor in monitors { monitor.responseReceived(response, after: elapsed, context: context) }
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
