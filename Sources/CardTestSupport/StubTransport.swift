import CardData
import Foundation

/// A transport that answers from canned replies, in the manner of Moya's stubbing, and
/// records every request it gets.
///
/// Replies are registered per endpoint (method and path) as a sequence: each request takes
/// the next reply and the last one repeats. A route's path matches the end of the request's
/// path, so the same stubs serve a client whose base URL has a path such as `/api`. A request
/// no route matches gets a 404 envelope, or is passed to the fallback handler when one is set.
///
/// A test that must act while a request is in flight stubs ``StubReply/hold`` and waits with
/// ``waitUntilReceived(_:)``, so nothing depends on how long anything takes:
///
/// ```swift
/// await transport.stub(CardService.cardList, with: [.hold])
/// let call = Task { try await repository.cards() }
/// try await transport.waitUntilReceived(1)
/// call.cancel()  // the call now throws CardError.cancelled
/// ```
public actor StubTransport: HTTPTransport {
  /// A request as the stub received it, with a file body read into memory.
  public struct Received: Hashable, Sendable {
    /// The request.
    public let request: HTTPRequest
    /// The body's bytes (a file body is read when the request arrives).
    public let body: Data
  }

  private struct Route {
    let method: HTTPMethod
    let path: String
    var replies: [StubReply]
  }

  private var routes: [Route] = []
  private var fallback: (@Sendable (HTTPRequest) async -> StubReply)?
  /// Every request received, in order.
  public private(set) var received: [Received] = []
  private let arrivals = Tally()

  /// Creates a stub; `fallback` answers requests that no route matches.
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

  /// Answers requests to `endpoint`'s method and path with `replies` in order (the last one
  /// repeats); by default, the endpoint's sample response.
  public func stub<Response>(_ endpoint: Endpoint<Response>, with replies: [StubReply]? = nil) {
    stub(
      method: endpoint.method, path: endpoint.path.percentEncoded,
      with: replies ?? [.sample(of: endpoint)])
  }

  /// Answers requests with this method whose percent-encoded path ends with `path`.
  public func stub(method: HTTPMethod, path: String, with replies: [StubReply]) {
    routes.removeAll { $0.method == method && $0.path == path }
    routes.append(Route(method: method, path: path, replies: replies))
  }

  /// Sets the handler for requests that no route matches.
  public func setFallback(_ fallback: (@Sendable (HTTPRequest) async -> StubReply)?) {
    self.fallback = fallback
  }

  /// The requests received with this method whose percent-encoded path ends with `path`,
  /// compared as routes compare them (so `/cards/a%2Fb`, one segment, is not `/cards/a/b`).
  public func received(method: HTTPMethod, path: String) -> [Received] {
    received.filter {
      $0.request.method == method && $0.request.url.path(percentEncoded: true).hasSuffix(path)
    }
  }

  /// Returns once `count` requests have arrived in all (at once when they already have).
  public nonisolated func waitUntilReceived(_ count: Int) async throws(CancellationError) {
    try await arrivals.wait(forAtLeast: count)
  }

  /// Answers from the matching route; a task cancelled before the call sends nothing.
  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    received.append(Received(request: request, body: Self.bytes(of: request.body)))
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
      reply = .envelope(
        status: 404,
        message: "no stub for \(request.method) \(request.url.path(percentEncoded: true))")
    }
    if case .hold = reply {
      // A gate nobody opens: only the request's cancellation ends the wait.
      try? await Gate().wait()
    }
    if Task.isCancelled { throw .cancelled }
    switch reply {
    case .response(let response): return response
    case .failure(let error): throw error
    case .hold: throw .cancelled
    }
  }

  private static func bytes(of body: HTTPBody) -> Data {
    switch body {
    case .empty: Data()
    case .data(let data): data
    case .file(let url, _): (try? Data(contentsOf: url)) ?? Data()
    }
  }
}
