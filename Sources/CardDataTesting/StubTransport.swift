import CardData
import CardTestingPrimitives
import Foundation

/// A transport that records every request and answers from replies stubbed per method and
/// path: each request takes the next reply and the last one repeats. A route matches the end
/// of the percent-encoded path (so stubs serve a base URL such as `/api` too); an unmatched
/// request goes to the fallback, or else gets a 404 envelope. To act while a request is in
/// flight, without depending on timing:
///
/// ```swift
/// await transport.stub(Endpoint.cardList, with: [.hold])
/// let call = Task { try await repository.cards() }
/// try await transport.waitUntilReceived(1)
/// call.cancel()  // the call now throws CardError.cancelled
/// ```
public actor StubTransport: HTTPTransport {
  /// A request as the stub received it, a file body read into `body`.
  public struct Received: Hashable, Sendable {
    public let request: HTTPRequest
    public let body: Data
  }

  private struct Route {
    let method: HTTPMethod
    let path: String
    var replies: [StubReply]
  }

  private var routes: [Route] = []
  private var fallback: (@Sendable (HTTPRequest) async -> StubReply)?
  public private(set) var received: [Received] = []
  private let arrivals = Tally()

  public init(fallback: (@Sendable (HTTPRequest) async -> StubReply)? = nil) {
    self.fallback = fallback
  }

  /// A stub whose every request is answered by a transport spec's server: how
  /// ``HTTPTransportSpec`` runs against this fake.
  public init(serving server: @escaping HTTPTransportSpec.Server) {
    self.init { request in
      switch server(HTTPTransportSpec.ReceivedRequest(request)) {
      case .response(let response): .response(response)
      case .hold: .hold
      case .drop: .failure(TransportError(.connectionLost, "the server dropped the connection"))
      }
    }
  }

  /// By default, the endpoint's sample response.
  package func stub<Response>(_ endpoint: Endpoint<Response>, with replies: [StubReply]? = nil) {
    stub(
      method: endpoint.method, path: endpoint.path.percentEncoded,
      with: replies ?? [.response(endpoint.sampleResponse)])
  }

  /// Answers requests with this method whose percent-encoded path ends with `path`.
  public func stub(method: HTTPMethod, path: String, with replies: [StubReply]) {
    routes.removeAll { $0.method == method && $0.path == path }
    routes.append(Route(method: method, path: path, replies: replies))
  }

  public func setFallback(_ fallback: (@Sendable (HTTPRequest) async -> StubReply)?) {
    self.fallback = fallback
  }

  /// Returns once `count` requests have arrived in all.
  public nonisolated func waitUntilReceived(_ count: Int) async throws(CancellationError) {
    try await arrivals.wait(forAtLeast: count)
  }

  /// A task cancelled before the call sends nothing.
  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    received.append(Received(request: request, body: (try? request.body.bytes()) ?? Data()))
    if request.body != .empty {
      request.uploadProgress?(sent: request.body.length, of: request.body.length)
    }
    arrivals.increment()
    let reply: StubReply
    let requestPath = request.url.path(percentEncoded: true)
    if let index = routes.lastIndex(where: {
      $0.method == request.method && requestPath.hasSuffix($0.path)
    }), let next = routes[index].replies.first {
      if routes[index].replies.count > 1 { routes[index].replies.removeFirst() }
      reply = next
    } else if let fallback {
      reply = await fallback(request)
    } else {
      reply = .envelope(status: 404, message: "no stub for \(request.method) \(requestPath)")
    }
    if case .hold = reply {
      try? await Gate().wait()  // a gate nobody opens: only cancellation ends the wait
    }
    if Task.isCancelled { throw .cancelled }
    switch reply {
    case .response(let response): return response
    case .failure(let error): throw error
    case .hold: throw .cancelled
    }
  }
}
