import CardDomain
import Synchronization

/// Changes a request before each attempt, such as adding a credential.
public protocol RequestAdapter: Sendable {
  /// The request to send. Throwing stops the request with that error, unsent.
  func adapt(_ request: HTTPRequest, context: RequestContext) async throws(CardError)
    -> HTTPRequest
}

/// Decides what happens after an attempt that failed: a transport error, or a status
/// outside 2xx.
public protocol RequestRetrier: Sendable {
  /// Whether to send `request` again, stop with an error, or leave it to the next retrier.
  func retry(
    _ request: HTTPRequest, after outcome: Result<HTTPResponse, TransportError>,
    context: RequestContext
  ) async -> RetryDecision
}

/// A retrier's answer.
public enum RetryDecision: Hashable, Sendable {
  /// Send the request again after the delay; the reason is recorded in the context.
  case retry(after: Duration, reason: RetryReason)
  /// Stop the request with this error.
  case fail(CardError)
  /// No opinion: ask the next retrier. When none decides, the reply is judged as it is.
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
/// and monitors.
public struct RequestContext: Hashable, Sendable {
  /// Unique and increasing within the process; the request log shows it as `#12`.
  public let id: Int
  /// The endpoint's name, such as `cardDetailFetch`.
  public let endpointName: String
  public let authorization: Authorization
  /// The reasons of the retries made so far, oldest first; empty on the first attempt.
  public internal(set) var retries: [RetryReason] = []

  /// A context after the retries `retries` (none for a first attempt).
  public init(
    id: Int, endpointName: String, authorization: Authorization, retries: [RetryReason] = []
  ) {
    self.id = id
    self.endpointName = endpointName
    self.authorization = authorization
    self.retries = retries
  }

  /// The attempt under way: 1 for the first.
  public var attempt: Int { retries.count + 1 }

  /// How many retries were made for `reason`.
  public func retryCount(for reason: RetryReason) -> Int { retries.count { $0 == reason } }

  private static let counter = Atomic(0)

  /// A context numbered after every other of this process.
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

  /// Composes interceptors that both adapt and retry, such as the authentication
  /// interceptor, in the given order.
  public init(_ interceptors: [any RequestAdapter & RequestRetrier]) {
    self.init(adapters: interceptors, retriers: interceptors)
  }

  /// Runs every adapter in order, each on the previous one's output; the first that throws
  /// stops the request.
  public func adapt(_ request: HTTPRequest, context: RequestContext) async throws(CardError)
    -> HTTPRequest
  {
    var adapted = request
    for adapter in adapters {
      adapted = try await adapter.adapt(adapted, context: context)
    }
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
