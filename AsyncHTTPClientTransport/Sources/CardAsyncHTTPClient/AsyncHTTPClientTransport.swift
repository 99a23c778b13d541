import AsyncHTTPClient
import CardData
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
import Tracing

/// The ``CardData/HTTPTransport`` over AsyncHTTPClient, for server-side projects that already
/// run SwiftNIO: every status comes back as an ``CardData/HTTPResponse``, a reply is read no
/// further than ``Configuration/maximumReplySize``, nothing is decompressed, and redirects
/// follow the same rules as the URLSession transport's (``Redirect``).
///
/// Which `HTTPClient` it sends through: `HTTPClient.shared` would break two promises of the
/// port, since it inflates compressed replies and follows redirects by its own rules (to
/// another scheme, with a body, with the credentials); those are settings of a client, not of
/// a request. A client made for each transport would need a shutdown that the port has no
/// place for. So ``init(configuration:)`` sends through one process-wide client made once
/// with ``clientConfiguration(readTimeout:)`` and, like `HTTPClient.shared`, never shut
/// down: there is nothing to shut down. ``init(client:configuration:)`` borrows a client of
/// the caller's, which the caller made with that configuration and shuts down after the
/// transport's last use.
public struct AsyncHTTPClientTransport: HTTPTransport {
  private let client: HTTPClient
  private let configuration: Configuration

  /// Sends through ``sharedClient``.
  public init(configuration: Configuration = Configuration()) {
    self.init(client: Self.sharedClient, configuration: configuration)
  }

  /// Sends through `client`, which must have been made with
  /// ``clientConfiguration(readTimeout:)`` (or at least with redirects disallowed and
  /// decompression disabled) and which the caller shuts down once the transport is done.
  public init(client: HTTPClient, configuration: Configuration = Configuration()) {
    self.client = client
    self.configuration = configuration
  }

  /// The client of ``init(configuration:)``: on AsyncHTTPClient's default event loops, made
  /// on first use with ``clientConfiguration(readTimeout:)`` and ``sharedClientReadTimeout``,
  /// and never shut down.
  public static let sharedClient = HTTPClient(
    eventLoopGroup: HTTPClient.defaultEventLoopGroup,
    configuration: clientConfiguration(readTimeout: sharedClientReadTimeout))

  /// How long ``sharedClient`` waits for the next bytes of a reply before the exchange fails
  /// with ``CardData/TransportError/Kind/timedOut``.
  public static let sharedClientReadTimeout = Duration.seconds(30)

  /// What the transport needs of a client: no redirect followed by the client (the transport
  /// decides, by ``Redirect``), no decompression, a connection attempt that fails at once
  /// when refused (the pipeline's retry policy decides whether to try again) and within
  /// 10 s otherwise, and `readTimeout` as the longest wait for the next bytes of a reply.
  public static func clientConfiguration(readTimeout: Duration) -> HTTPClient.Configuration {
    var configuration = HTTPClient.Configuration(
      redirectConfiguration: .disallow,
      timeout: .init(connect: .seconds(10), read: Spoken.timeAmount(readTimeout)),
      decompression: .disabled)
    configuration.connectionPool.retryConnectionEstablishment = false
    return configuration
  }

  /// Cancelling the calling `Task` cancels the exchange and throws
  /// ``CardData/TransportError/Kind/cancelled``; an exchange still running after the request's
  /// ``CardData/HTTPRequest/timeLimit``, or ``Configuration/resourceTimeout`` when that is
  /// shorter, is cancelled and throws ``CardData/TransportError/Kind/timedOut``. The time limit
  /// covers every redirect followed.
  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    let server = Server(request.url)
    try RequestBody.check(request.body)
    let limit = min(
      request.timeLimit ?? configuration.resourceTimeout, configuration.resourceTimeout)
    let deadline = NIODeadline.now() + Spoken.timeAmount(limit)
    do {
      return try await following(request, until: deadline)
    } catch {
      let failure = TransportError(
        asyncHTTPClientError: error, server: server, taskIsCancelled: Task.isCancelled)
      // Past the deadline, a timeout is the deadline's, whatever stage the exchange was at.
      guard failure.kind == .timedOut, NIODeadline.now() >= deadline else { throw failure }
      throw TransportError(
        .timedOut,
        limit < configuration.resourceTimeout
          ? "the reply from \(server) was not complete by the call's deadline"
          : "no complete response from \(server) within \(Spoken.duration(limit))"
            + " (the resource timeout)")
    }
  }

  /// Sends `request`, then each redirect ``Redirect`` allows, and returns the first reply
  /// that is not followed. A request with a body is never followed.
  private func following(_ request: HTTPRequest, until deadline: NIODeadline) async throws
    -> HTTPResponse
  {
    var current = request
    for _ in 0...Redirect.maximumCount {
      let response =
        current.body == .empty
        ? try await exchange(current, until: deadline) : try await upload(current, until: deadline)
      guard let next = Redirect.request(following: response, of: current, original: request)
      else { return response }
      current = next
    }
    throw TransportError(
      .other,
      "the server at \(Server(request.url)) redirected more than \(Redirect.maximumCount) times")
  }

  /// A request without a body, through AsyncHTTPClient's delegate API: its deadline fails the
  /// exchange at any stage, the reply's body included, and its task cancels the exchange, so
  /// nothing of the transport's own runs beside it.
  private func exchange(_ request: HTTPRequest, until deadline: NIODeadline) async throws
    -> HTTPResponse
  {
    var outgoing = try HTTPClient.Request(
      url: request.url.absoluteString,
      method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue))
    outgoing.headers = Self.headers(of: request)
    // The async API writes the caller's trace context into the headers and the delegate API
    // does not, so it is written here, for a client that traces.
    if let tracer = client.tracer, let context = ServiceContext.current {
      tracer.inject(context, into: &outgoing.headers, using: TraceContextHeaders())
    }
    let task = client.execute(
      request: outgoing,
      delegate: ReplyCollector(for: request, limit: configuration.maximumReplySize),
      deadline: deadline)
    return try await withTaskCancellationHandler {
      try await task.futureResult.get()
    } onCancel: {
      task.cancel()
    }
  }

  /// A request with a body, through the async API, which pulls the body from ``RequestBody``
  /// as the connection takes it. (AsyncHTTPClient 1.37.0's delegate API streams a body too,
  /// but an exchange that ends while the body waits for the connection leaves its writer
  /// waiting for good, and a reply that comes before the body is sent waits for the deadline.)
  /// That API's deadline stops guarding once the reply's head has arrived, so the exchange
  /// runs as a task of its own that a timer on the client's event loop cancels at `deadline`.
  private func upload(_ request: HTTPRequest, until deadline: NIODeadline) async throws
    -> HTTPResponse
  {
    let attempt = Task {
      let reply = ReplyCollector(for: request, limit: configuration.maximumReplySize)
      var outgoing = HTTPClientRequest(url: request.url.absoluteString)
      outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
      outgoing.headers = Self.headers(of: request)
      outgoing.body = .stream(
        RequestBody(request.body, progress: request.uploadProgress),
        length: .known(request.body.length))
      let response = try await client.execute(outgoing, deadline: .distantFuture)
      try reply.receive(status: response.status, headers: response.headers)
      for try await buffer in response.body { try reply.append(buffer) }
      return try reply.response()
    }
    let expiry = Expiry()
    let timer = client.eventLoopGroup.any().scheduleTask(deadline: deadline) {
      expiry.hasFired.store(true, ordering: .sequentiallyConsistent)
      attempt.cancel()
    }
    defer { timer.cancel() }
    do {
      return try await withTaskCancellationHandler {
        try await attempt.value
      } onCancel: {
        attempt.cancel()
      }
    } catch {
      // The timer's expiry is told as AsyncHTTPClient's own, so that `send` words both paths'
      // alike; the caller's cancellation comes first.
      let hasExpired = expiry.hasFired.load(ordering: .sequentiallyConsistent)
      throw hasExpired && !Task.isCancelled ? HTTPClientError.deadlineExceeded : error
    }
  }

  /// The request's headers in order, with `Accept-Encoding: identity` unless the request says
  /// otherwise and `application/octet-stream` as a body's type when it names none.
  private static func headers(of request: HTTPRequest) -> NIOHTTP1.HTTPHeaders {
    var headers = NIOHTTP1.HTTPHeaders()
    for field in request.headers {
      headers.add(name: field.name, value: field.value)
    }
    if request.headers["Accept-Encoding"] == nil {
      headers.add(name: "Accept-Encoding", value: "identity")
    }
    if request.body != .empty, request.headers["Content-Type"] == nil {
      headers.add(name: "Content-Type", value: "application/octet-stream")
    }
    return headers
  }
}

/// Whether the timer of one upload fired before the exchange ended.
private final class Expiry: Sendable {
  let hasFired = Atomic(false)
}

/// Writes a trace context into a request's headers, as AsyncHTTPClient's async API does.
private struct TraceContextHeaders: Injector {
  func inject(_ value: String, forKey name: String, into headers: inout NIOHTTP1.HTTPHeaders) {
    headers.add(name: name, value: value)
  }
}
