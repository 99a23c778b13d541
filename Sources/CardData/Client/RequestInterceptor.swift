import CardDomain
import Synchronization

/// Changes a request before each attempt, such as adding a credential; throwing stops the
/// request with that error, unsent.
public protocol RequestAdapter: Sendable {
  func adapt(_ request: HTTPRequest, context: RequestContext) async throws(CardError)
    -> HTTPRequest
}

/// Decides whether to send again, stop with an error, or leave it to the next retrier, after
/// an attempt that got a transport error or a status outside 2xx.
public protocol RequestRetrier: Sendable {
  func retry(
    _ request: HTTPRequest, after outcome: Result<HTTPResponse, TransportError>,
    context: RequestContext
  ) async -> RetryDecision
}

public enum RetryDecision: Hashable, Sendable {
  /// Send again after the delay; the reason is recorded in the context.
  case retry(after: Duration, reason: RetryReason)
  case fail(CardError)
  /// Ask the next retrier; when none decides, the reply is judged as it is.
  case noDecision
}

/// Why a request was retried; each retrier counts its own reasons to keep to its limits.
public enum RetryReason: String, Hashable, Sendable, CustomStringConvertible {
  /// The credential was refreshed, or had been, after a 401.
  case authentication
  /// A timeout, a dropped or refused connection, a 408 or a 5xx.
  case transientFailure

  public var description: String { rawValue }
}

/// What the pipeline knows about one request across its attempts, for adapters, retriers
/// and monitors: an `id` unique and increasing within the process (the log's `#12`), and the
/// reasons of the retries made so far, oldest first.
public struct RequestContext: Hashable, Sendable {
  public let id: Int
  public let endpointName: String
  public let authorization: Authorization
  public internal(set) var retries: [RetryReason] = []

  public init(
    id: Int, endpointName: String, authorization: Authorization, retries: [RetryReason] = []
  ) {
    self.id = id
    self.endpointName = endpointName
    self.authorization = authorization
    self.retries = retries
  }

  /// 1 for the first attempt.
  public var attempt: Int { retries.count + 1 }

  public func retryCount(for reason: RetryReason) -> Int { retries.count { $0 == reason } }

  private static let counter = Atomic(0)

  /// The `id` of the newest request so far: every request with an `id` up to it has begun.
  static var newestID: Int { counter.load(ordering: .relaxed) }

  static func next(for endpointName: String, authorization: Authorization) -> RequestContext {
    let id = counter.add(1, ordering: .relaxed).newValue
    return RequestContext(id: id, endpointName: endpointName, authorization: authorization)
  }
}

/// Adapters and retriers composed in order, in the manner of Alamofire's `Interceptor`.
public struct Interceptor: RequestAdapter, RequestRetrier {
  public var adapters: [any RequestAdapter]
  public var retriers: [any RequestRetrier]

  public init(adapters: [any RequestAdapter] = [], retriers: [any RequestRetrier] = []) {
    self.adapters = adapters
    self.retriers = retriers
  }

  /// Interceptors that both adapt and retry, such as the authentication interceptor.
  public init(_ interceptors: [any RequestAdapter & RequestRetrier]) {
    self.init(adapters: interceptors, retriers: interceptors)
  }

  /// Each adapter on the previous one's output; the first that throws stops the request.
  public func adapt(_ request: HTTPRequest, context: RequestContext) async throws(CardError)
    -> HTTPRequest
  {
    var adapted = request
    for adapter in adapters { adapted = try await adapter.adapt(adapted, context: context) }
    return adapted
  }

  /// The first decision other than ``RetryDecision/noDecision``, asking in order.
  public func retry(
    _ request: HTTPRequest, after outcome: Result<HTTPResponse, TransportError>,
    context: RequestContext
  ) async -> RetryDecision {
    for retrier in retriers {
      let decision = await retrier.retry(request, after: outcome, context: context)
      if decision != .noDecision { return decision }
    }
    return .noDecision
  }
}
