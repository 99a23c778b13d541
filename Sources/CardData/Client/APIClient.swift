import CardDomain
import CardPrimitives
import Foundation

/// What a repository needs of the network: send an endpoint, get its response or a
/// ``CardDomain/CardError`` that keeps the contract's distinctions.
///
/// ``RequestPipeline`` is the implementation; a repository's tests use a spy of this
/// one-method port instead of the whole pipeline.
public protocol APIClient: Sendable {
  func send<Response>(_ endpoint: Endpoint<Response>) async throws(CardError) -> Response
}

/// Sends endpoints the way Alamofire's `Session` sends requests: build → adapt → send →
/// retry, every step reported to the event monitors, then the reply judged by the endpoint.
///
/// An attempt that got a 2xx is done. Any other status, or no response, goes to the
/// retriers in order; when none decides, the reply is judged as it is (a 404 becomes
/// `requestErr`, no response `networkFail`).
public struct RequestPipeline: APIClient {
  public let baseURL: URL
  /// The base URL as text without query or trailing slashes, which an endpoint's encoded path
  /// is appended to.
  private let base: String
  private let urls = URLMemo()
  private let transport: any HTTPTransport
  private var interceptor: Interceptor
  private let monitor: CompositeEventMonitor
  private let multipartEncoder: MultipartEncoder
  private let deadline: CommandDeadline?
  private let sleeper: any Sleeper
  private let clock: any WallClock
  private let redactor: Redactor

  /// `monitors` observe every request event (a ``LoggingMonitor``, say); `multipartEncoder`
  /// encodes multipart forms; `deadline`, if any, bounds each call,
  /// all its attempts and delays included, by `clock`; `sleeper` waits out retry delays;
  /// `redactor` hides the session's tokens in every error's message.
  public init(
    baseURL: URL,
    transport: any HTTPTransport,
    interceptor: Interceptor = Interceptor(),
    monitors: [any EventMonitor] = [],
    multipartEncoder: MultipartEncoder = MultipartEncoder(),
    deadline: CommandDeadline? = nil,
    sleeper: any Sleeper = TaskSleeper(),
    clock: any WallClock = SystemWallClock(),
    redactor: Redactor = .standard
  ) {
    self.baseURL = baseURL
    var base = baseURL.absoluteString
    if let query = base.firstIndex(where: { $0 == "?" || $0 == "#" }) {
      base = String(base[..<query])
    }
    while base.hasSuffix("/") { base.removeLast() }
    self.base = base
    self.transport = transport
    self.interceptor = interceptor
    self.monitor = CompositeEventMonitor(monitors: monitors)
    self.multipartEncoder = multipartEncoder
    self.deadline = deadline
    self.sleeper = sleeper
    self.clock = clock
    self.redactor = redactor
  }

  /// This pipeline with another interceptor and everything else shared: how the token
  /// refresh is sent past the authentication interceptor, which must not wait for itself.
  public func with(interceptor: Interceptor) -> RequestPipeline {
    var copy = self
    copy.interceptor = interceptor
    return copy
  }

  public func send<Response>(_ endpoint: Endpoint<Response>) async throws(CardError) -> Response {
    let request = EndpointRequest(
      name: endpoint.name, method: endpoint.method, path: endpoint.path, body: endpoint.body,
      authorization: endpoint.authorization)
    do {
      return try endpoint.decode(try await finalResponse(to: request)).get()
    } catch {
      // Every error of every endpoint leaves here, whatever built its message.
      throw redactor.redact(error)
    }
  }

  /// The reply to what an endpoint asks for, after any retries. Not generic over the
  /// response, so the hot path runs compiled code instead of looking up type metadata.
  private nonisolated(nonsending) func finalResponse(to endpoint: EndpointRequest)
    async throws(CardError)
    -> HTTPResponse
  {
    let started = monitor.monitors.isEmpty ? nil : ContinuousClock.now
    var context = RequestContext.next(for: endpoint.name, authorization: endpoint.authorization)
    var tally = Tally()
    var url = baseURL
    func finish(_ outcome: RequestMetrics.Outcome) {
      guard let started else { return }
      monitor.requestFinished(
        RequestMetrics(
          context: context, method: endpoint.method, url: url, attempts: tally.attempts,
          duration: .now - started, bytesSent: tally.bytesSent,
          bytesReceived: tally.bytesReceived, outcome: outcome))
    }
    do throws(CardError) {
      let prepared = try PreparedRequest(
        endpoint, url: urls.url(for: endpoint.path, below: base), encoder: multipartEncoder)
      url = prepared.request.url
      monitor.requestBuilt(prepared.request, body: prepared.bodySummary, context: context)
      let limit = deadline?.limit(forBodyOf: prepared.request.body.length)
      let response = try await sendWithRetries(
        prepared.request, until: limit.map { clock.now() + $0.timeInterval }, limit: limit,
        context: &context, tally: &tally)
      finish(.response(status: response.status))
      return response
    } catch {
      finish(.failure(error))
      throw error
    }
  }

  /// Adapts and sends `request` until an attempt gets a 2xx or the retriers stop. A transport
  /// failure goes to the retriers; a cancelled task stops with
  /// ``CardDomain/CardError/cancelled``. With an `end`, each attempt gets what is left of the
  /// time until then as its ``HTTPRequest/timeLimit``, and no retry is waited for that would end
  /// after it.
  private nonisolated(nonsending) func sendWithRetries(
    _ request: HTTPRequest, until end: Date?, limit: Duration?, context: inout RequestContext,
    tally: inout Tally
  ) async throws(CardError) -> HTTPResponse {
    var lastFailure: String?
    while true {
      guard !Task.isCancelled else { throw .cancelled }
      var adapted = try await interceptor.adapt(request, context: context)
      guard !Task.isCancelled else { throw .cancelled }
      if let end, let limit {
        let left = end.timeIntervalSince(clock.now())
        guard left > 0 else {
          throw CommandDeadline.exceeded(limit, attempts: tally.attempts, lastFailure: lastFailure)
        }
        adapted.timeLimit = .nanoseconds(Int64(left * 1e9))
      }
      if !monitor.monitors.isEmpty, adapted.body != .empty {
        adapted.uploadProgress = UploadProgressSink { [monitor, context] sent, total in
          monitor.uploadProgressed(sent, of: total, context: context)
        }
      }
      monitor.requestSent(adapted, context: context)
      tally.attempts += 1
      tally.bytesSent += adapted.body.length
      let sent = monitor.monitors.isEmpty ? nil : ContinuousClock.now
      let outcome: Result<HTTPResponse, TransportError>
      do {
        let response = try await transport.send(adapted)
        if let sent { monitor.responseReceived(response, after: .now - sent, context: context) }
        tally.bytesReceived += Int64(response.body.count)
        outcome = .success(response)
      } catch {
        if let sent { monitor.requestFailed(error, after: .now - sent, context: context) }
        if error.kind == .cancelled { throw .cancelled }
        outcome = .failure(error)
      }
      guard !Task.isCancelled else { throw .cancelled }
      switch outcome {
      case .success(let response) where (200..<300).contains(response.status): return response
      case .success(let response): lastFailure = "status \(response.status)"
      case .failure(let error): lastFailure = error.message
      }
      switch await interceptor.retry(adapted, after: outcome, context: context) {
      case .retry(let delay, let reason):
        if let end, let limit, clock.now().addingTimeInterval(delay.timeInterval) >= end {
          throw CommandDeadline.exceeded(limit, attempts: tally.attempts, lastFailure: lastFailure)
        }
        monitor.requestRetrying(reason: reason, delay: delay, context: context)
        do { try await sleeper.sleep(for: delay) } catch { throw .cancelled }
        context.retries.append(reason)
      case .fail(let error): throw error
      case .noDecision: return try outcome.mapError(CardError.init(noResponse:)).get()
      }
    }
  }

  private struct Tally {
    var attempts = 0
    var bytesSent: Int64 = 0
    var bytesReceived: Int64 = 0
  }
}

/// The URLs of the paths sent lately, at most 64: parsing one costs as much as a twentieth of
/// decoding a card, and a client sends the same few paths again and again.
private final class URLMemo: Sendable {
  private let urls = Protected<[RequestPath: URL]>([:])

  /// `base` followed by `path`, percent-encoded; `base` is the same on every call.
  func url(for path: RequestPath, below base: String) throws(CardError) -> URL {
    if let url = urls.withLock({ $0[path] }) { return url }
    guard let url = URL(string: path.encoded(after: base)) else {
      throw .invalidInput(.unreadableInput("no valid URL for \(path) below \(base)"))
    }
    urls.withLock {
      if $0.count == 64 { $0.removeAll() }
      $0[path] = url
    }
    return url
  }
}

/// What an endpoint asks to send, without its response type.
private struct EndpointRequest {
  let name: String
  let method: HTTPMethod
  let path: RequestPath
  let body: RequestBody
  let authorization: Authorization
}

/// A request built from an endpoint, and what monitors may know of its body.
private struct PreparedRequest {
  let request: HTTPRequest
  let bodySummary: RequestBodySummary

  /// The base URL plus the percent-encoded path, `Accept: application/json`, and a body
  /// with an explicit `Content-Type` (FoundationNetworking would add a form type otherwise).
  init(_ endpoint: EndpointRequest, url: URL, encoder: MultipartEncoder) throws(CardError) {
    var headers = Self.acceptJSON
    var body = HTTPBody.empty
    var summary = RequestBodySummary.empty
    switch endpoint.body {
    case .none:
      break
    case .json(let value):
      let data: Data
      do {
        data = try Self.jsonEncoder.encode(value)
      } catch {
        throw .invalidInput(.unreadableInput("the JSON body of \(endpoint.name): \(error)"))
      }
      headers["Content-Type"] = "application/json"
      body = .data(data)
      summary = .json(data)
    case .multipart(let form):
      let encoded: EncodedMultipartBody
      do {
        encoded = try encoder.encode(form)
      } catch {
        throw .invalidInput(.unreadableInput(error.description))
      }
      headers["Content-Type"] = encoded.contentType
      body = encoded.body
      summary = .multipart(form.parts.map(RequestBodySummary.Part.init))
    }
    request = HTTPRequest(method: endpoint.method, url: url, headers: headers, body: body)
    bodySummary = summary
  }

  private static let acceptJSON: HTTPHeaders = ["Accept": "application/json"]

  private static let jsonEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
}
