import CardDomain
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
  /// Where the endpoints' paths are resolved.
  public let baseURL: URL
  /// The base URL as text without trailing slashes: an endpoint's encoded path is appended
  /// to it, which is cheaper than `URLComponents` on every request.
  private let base: String
  private let transport: any HTTPTransport
  private var interceptor: Interceptor
  private let monitor: CompositeEventMonitor
  private let multipartEncoder: MultipartEncoder
  private let sleeper: any Sleeper

  /// - Parameters:
  ///   - interceptor: adapters and retriers, run in order.
  ///   - monitors: observers of every request event, such as a ``LoggingMonitor``.
  ///   - multipartEncoder: encodes multipart bodies, streaming large ones to a temporary file.
  ///   - sleeper: waits out retry delays.
  public init(
    baseURL: URL,
    transport: any HTTPTransport,
    interceptor: Interceptor = Interceptor(),
    monitors: [any EventMonitor] = [],
    multipartEncoder: MultipartEncoder = MultipartEncoder(),
    sleeper: any Sleeper = TaskSleeper()
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
    self.sleeper = sleeper
  }

  /// This pipeline with another interceptor and everything else shared: how the token
  /// refresh is sent past the authentication interceptor, which must not wait for itself.
  public func with(interceptor: Interceptor) -> RequestPipeline {
    var copy = self
    copy.interceptor = interceptor
    return copy
  }

  /// Sends the endpoint, with any retries, and judges the final reply.
  public func send<Response>(_ endpoint: Endpoint<Response>) async throws(CardError) -> Response {
    let request = EndpointRequest(
      name: endpoint.name, method: endpoint.method, path: endpoint.path, body: endpoint.body,
      authorization: endpoint.authorization)
    return try endpoint.decode(try await finalResponse(to: request)).get()
  }

  /// Sends what an endpoint asks for, with any retries, and returns the final reply. Not
  /// generic over the response: it runs as compiled code for every endpoint, instead of
  /// looking up generic type metadata at run time on the hot path.
  private func finalResponse(to endpoint: EndpointRequest) async throws(CardError)
    -> HTTPResponse
  {
    let started = ContinuousClock.now
    var context = RequestContext.next(
      for: endpoint.name, authorization: endpoint.authorization)
    var tally = Tally()
    func finish(_ outcome: RequestMetrics.Outcome, _ request: HTTPRequest) {
      guard !monitor.monitors.isEmpty else { return }
      monitor.requestFinished(
        RequestMetrics(
          context: context, method: request.method, url: request.url, attempts: tally.attempts,
          duration: ContinuousClock.now - started, bytesSent: tally.bytesSent,
          bytesReceived: tally.bytesReceived, outcome: outcome))
    }

    let prepared: PreparedRequest
    do {
      prepared = try PreparedRequest(endpoint, base: base, encoder: multipartEncoder)
    } catch {
      finish(.failure(error), HTTPRequest(method: endpoint.method, url: baseURL))
      throw error
    }
    defer { prepared.removeTemporaryFile() }
    monitor.requestBuilt(prepared.request, body: prepared.bodySummary, context: context)

    while true {
      let outcome: Result<HTTPResponse, TransportError>
      let sent: HTTPRequest
      do {
        (outcome, sent) = try await attempt(prepared.request, context: context, tally: &tally)
      } catch {
        finish(.failure(error), prepared.request)
        throw error
      }
      if case .success(let response) = outcome, (200..<300).contains(response.status) {
        finish(.response(status: response.status), prepared.request)
        return response
      }
      switch await interceptor.retry(sent, after: outcome, context: context) {
      case .retry(let delay, let reason):
        monitor.requestRetrying(reason: reason, delay: delay, context: context)
        do {
          try await sleeper.sleep(for: delay)
        } catch {
          finish(.failure(.cancelled), prepared.request)
          throw .cancelled
        }
        context.retries.append(reason)
      case .fail(let error):
        finish(.failure(error), prepared.request)
        throw error
      case .noDecision:
        switch outcome {
        case .success(let response):
          finish(.response(status: response.status), prepared.request)
          return response
        case .failure(let error):
          let judged = CardError(noResponse: error)
          finish(.failure(judged), prepared.request)
          throw judged
        }
      }
    }
  }

  /// One attempt: adapt, then send. Throws only when the request must stop unsent or was
  /// cancelled; a transport failure is an outcome for the retriers.
  private func attempt(_ request: HTTPRequest, context: RequestContext, tally: inout Tally)
    async throws(CardError) -> (Result<HTTPResponse, TransportError>, HTTPRequest)
  {
    guard !Task.isCancelled else { throw .cancelled }
    let adapted = try await interceptor.adapt(request, context: context)
    guard !Task.isCancelled else { throw .cancelled }
    monitor.requestSent(adapted, context: context)
    tally.attempts += 1
    tally.bytesSent += adapted.body.length
    let sent = ContinuousClock.now
    let response: HTTPResponse
    do {
      response = try await transport.send(adapted)
    } catch {
      monitor.requestFailed(error, after: ContinuousClock.now - sent, context: context)
      if error.kind == .cancelled || Task.isCancelled { throw .cancelled }
      return (.failure(error), adapted)
    }
    monitor.responseReceived(response, after: ContinuousClock.now - sent, context: context)
    tally.bytesReceived += Int64(response.body.count)
    guard !Task.isCancelled else { throw .cancelled }
    return (.success(response), adapted)
  }

  private struct Tally {
    var attempts = 0
    var bytesSent: Int64 = 0
    var bytesReceived: Int64 = 0
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

/// A request built from an endpoint, what monitors may know of its body, and the temporary
/// file (if any) to remove when the request is over.
private struct PreparedRequest {
  let request: HTTPRequest
  let bodySummary: RequestBodySummary
  let temporaryFile: URL?

  /// The base URL plus the percent-encoded path, `Accept: application/json`, and a body
  /// with an explicit `Content-Type` (FoundationNetworking would add a form type otherwise).
  init(_ endpoint: EndpointRequest, base: String, encoder: MultipartEncoder) throws(CardError) {
    // The URL first: nothing below may leave a temporary file behind when it throws.
    guard let url = URL(string: base + endpoint.path.percentEncoded) else {
      throw .invalidInput(.unreadableInput("no valid URL for \(endpoint.path) below \(base)"))
    }

    var headers: HTTPHeaders = ["Accept": "application/json"]
    var body = HTTPBody.empty
    var summary = RequestBodySummary.empty
    var temporaryFile: URL?
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
      temporaryFile = encoded.temporaryFile
    }
    request = HTTPRequest(method: endpoint.method, url: url, headers: headers, body: body)
    bodySummary = summary
    self.temporaryFile = temporaryFile
  }

  /// Removes the temporary body file; safe to call more than once.
  func removeTemporaryFile() {
    guard let temporaryFile else { return }
    try? FileManager.default.removeItem(at: temporaryFile)
  }

  private static let jsonEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
}
