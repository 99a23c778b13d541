import Foundation

/// Sends endpoints through the request pipeline, in the manner of Alamofire's `Session`:
/// build → adapt → send → validate → retry, with every step reported to the event monitors.
///
/// The client returns the final response whatever its status; judging it is the caller's
/// job (see `judgeStatus`). It throws only when there is no response to judge.
public struct APIClient: Sendable {
  /// Where the endpoints' paths are resolved.
  public let baseURL: URL
  private let transport: any HTTPTransport
  private var interceptor: Interceptor
  private let monitor: CompositeEventMonitor
  private let validation: StatusValidation
  private let builder: RequestBuilder
  private let sleeper: any Sleeper

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - baseURL: prefixed to every endpoint's path.
  ///   - transport: sends the requests.
  ///   - interceptor: adapters and retriers, run in order.
  ///   - monitors: observers of every request event.
  ///   - validation: the statuses that pass; by default 2xx, so that a 401 reaches retriers.
  ///   - multipartEncoder: encodes multipart bodies, streaming large ones to a temporary file.
  ///   - sleeper: waits out retry delays.
  public init(
    baseURL: URL,
    transport: any HTTPTransport,
    interceptor: Interceptor = Interceptor(),
    monitors: [any EventMonitor] = [],
    validation: StatusValidation = .successful,
    multipartEncoder: MultipartEncoder = MultipartEncoder(),
    sleeper: any Sleeper = TaskSleeper()
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.interceptor = interceptor
    self.monitor = CompositeEventMonitor(monitors: monitors)
    self.validation = validation
    self.builder = RequestBuilder(baseURL: baseURL, multipartEncoder: multipartEncoder)
    self.sleeper = sleeper
  }

  /// This client with a different interceptor, sharing everything else; used to send the
  /// token refresh past the authentication interceptor.
  public func with(interceptor: Interceptor) -> APIClient {
    var copy = self
    copy.interceptor = interceptor
    return copy
  }

  /// Sends the endpoint and returns the final response, after any retries.
  ///
  /// Throws when no response can be judged: no HTTP response after retries, cancellation,
  /// an adapter or retrier that stopped the request, or a body that cannot be built.
  public func send(_ endpoint: some TargetType) async throws(PipelineError) -> HTTPResponse {
    let started = ContinuousClock.now
    var context = RequestContext(
      id: .next(), endpointName: endpoint.name, authorization: endpoint.authorization)
    var tally = Tally()

    func finish(_ outcome: RequestMetrics.Outcome, _ request: HTTPRequest) {
      monitor.requestFinished(
        RequestMetrics(
          context: context, method: request.method, url: request.url, attempts: tally.attempts,
          duration: ContinuousClock.now - started, bytesSent: tally.bytesSent,
          bytesReceived: tally.bytesReceived, outcome: outcome))
    }

    let prepared: PreparedRequest
    do {
      prepared = try builder.build(endpoint)
    } catch {
      finish(.failure(error), HTTPRequest(method: endpoint.method, url: baseURL))
      throw error
    }
    defer { prepared.removeTemporaryFile() }
    monitor.requestBuilt(prepared.request, body: prepared.bodySummary, context: context)

    while true {
      let attempt: AttemptResult
      do {
        attempt = try await sendOnce(prepared.request, context: context, tally: &tally)
      } catch {
        finish(.failure(error), prepared.request)
        throw error
      }
      switch attempt {
      case .accepted(let response):
        finish(.response(status: response.status), prepared.request)
        return response
      case .failed(let failure, let sentRequest):
        let decision = await interceptor.retry(
          sentRequest, failedWith: failure, context: context)
        switch decision {
        case .retry(let delay, let reason):
          monitor.requestRetrying(reason: reason, delay: delay, context: context)
          do {
            try await sleeper.sleep(for: delay)
          } catch {
            finish(.failure(.cancelled), prepared.request)
            throw .cancelled
          }
          context.retryReasons.append(reason)
        case .fail(let error):
          finish(.failure(error), prepared.request)
          throw error
        case .noDecision:
          switch failure {
          case .unacceptableStatus(let response):
            finish(.response(status: response.status), prepared.request)
            return response
          case .transport(let error):
            finish(.failure(.transport(error)), prepared.request)
            throw .transport(error)
          }
        }
      }
    }
  }

  /// One attempt: adapt, send, validate.
  private func sendOnce(_ request: HTTPRequest, context: RequestContext, tally: inout Tally)
    async throws(PipelineError) -> AttemptResult
  {
    guard !Task.isCancelled else { throw .cancelled }
    let adapted = try await interceptor.adapt(request, context: context)
    monitor.requestAdapted(adapted, context: context)
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
      return .failed(.transport(error), adapted)
    }
    monitor.responseReceived(response, after: ContinuousClock.now - sent, context: context)
    tally.bytesReceived += Int64(response.body.count)
    if Task.isCancelled { throw .cancelled }
    guard validation.accepts(response.status) else {
      return .failed(.unacceptableStatus(response), adapted)
    }
    return .accepted(response)
  }

  private enum AttemptResult {
    case accepted(HTTPResponse)
    case failed(AttemptFailure, HTTPRequest)
  }

  private struct Tally {
    var attempts = 0
    var bytesSent: Int64 = 0
    var bytesReceived: Int64 = 0
  }
}
