import CardDataTesting
import CardPrimitives
import CardTestingPrimitives
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `URLProtocol` that answers from the ``StubRoute`` registered for the request's host.
///
/// Installed only through `URLSessionConfiguration.protocolClasses`, never globally. Each
/// test registers its own route under a unique host, so tests running in parallel never
/// see each other's requests.
final class StubURLProtocol: URLProtocol {
  override class func canInit(with request: URLRequest) -> Bool { true }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    guard let route = StubRoute.route(for: request.url) else {
      client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
      return
    }
    let recorded = StubRequest(request)
    route.record(recorded)
    switch route.reply(recorded) {
    case .respond(let status, let headers, let body):
      let response = HTTPURLResponse(
        url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
      client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      client?.urlProtocol(self, didLoad: body)
      client?.urlProtocolDidFinishLoading(self)
    case .hold(let status, let headers, let body):
      let response = HTTPURLResponse(
        url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
      client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      client?.urlProtocol(self, didLoad: body)
      // The session's client is called on whatever thread a protocol chooses.
      nonisolated(unsafe) let loading = self
      route.hold(ObjectIdentifier(self)) { loading.client?.urlProtocolDidFinishLoading(loading) }
    case .fail(let error):
      client?.urlProtocol(self, didFailWithError: error)
    case .never:
      break
    }
  }

  override func stopLoading() {
    StubRoute.route(for: request.url)?.recordStop(ObjectIdentifier(self))
  }
}

/// What the stub saw of a request.
struct StubRequest: Sendable {
  /// Where the stub found the body.
  enum BodySource: Sendable, Equatable {
    case none
    case httpBody
    case httpBodyStream
  }

  var method: String?
  var url: URL?
  var headers: [String: String]
  var body: Data
  var bodySource: BodySource
  var timeoutInterval: TimeInterval

  /// Records `request`, reading its body stream to the end if it has one.
  init(_ request: URLRequest) {
    method = request.httpMethod
    url = request.url
    headers = request.allHTTPHeaderFields ?? [:]
    timeoutInterval = request.timeoutInterval
    if let data = request.httpBody {
      body = data
      bodySource = .httpBody
    } else if let stream = request.httpBodyStream {
      body = Self.readAll(stream)
      bodySource = .httpBodyStream
    } else {
      body = Data()
      bodySource = .none
    }
  }

  private static func readAll(_ stream: InputStream) -> Data {
    stream.open()
    defer { stream.close() }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = stream.read(&buffer, maxLength: buffer.count)
      guard count > 0 else { break }
      data.append(buffer, count: count)
    }
    return data
  }
}

/// How the stub answers a request.
enum StubReply: Sendable {
  /// A response with this status, header fields and body.
  case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
  /// A response with this status, header fields and the start of its body, after which the
  /// reply neither ends nor fails until the test ends it (``StubRoute/endHeldReplies()``) or
  /// the session cancels the task.
  case hold(status: Int, headers: [String: String] = [:], body: Data = Data())
  /// A failure without a response.
  case fail(URLError)
  /// No answer at all, until the task is cancelled.
  case never
}

/// The answers for one test's host, and what the stub saw there.
///
/// A test that must act while a request is in flight stubs ``StubReply/never`` and waits
/// with ``waitUntilReceived(_:)``; one that expects the session to cancel the request waits
/// with ``waitUntilStopped(_:)``. Neither guesses how long anything takes.
final class StubRoute: Sendable {
  /// The unique host the route answers for.
  let host = "\(UUID().uuidString.lowercased()).stub.test"
  private let replyToRequest: @Sendable (StubRequest) -> StubReply
  private let seen = Protected([StubRequest]())
  private let arrivals = Tally()
  private let stops = Tally()
  /// How to end each ``StubReply/hold(status:headers:body:)`` reply still open, by protocol
  /// instance.
  private let held = Protected([ObjectIdentifier: @Sendable () -> Void]())

  /// The newest route registered; see ``RegisteredRoute``.
  private static let newest = Atomic<Unmanaged<RegisteredRoute>?>(nil)

  /// Registers a route answering every request with `reply`.
  init(_ reply: @escaping @Sendable (StubRequest) -> StubReply) {
    replyToRequest = reply
    var current = Self.newest.load(ordering: .acquiring)
    while true {
      let node = Unmanaged.passRetained(
        RegisteredRoute(route: self, older: current?.takeUnretainedValue()))
      let (exchanged, found) = Self.newest.compareExchange(
        expected: current, desired: node, ordering: .acquiringAndReleasing)
      if exchanged { break }
      node.release()
      current = found
    }
  }

  /// A route answering every request the same way.
  convenience init(always reply: StubReply) {
    self.init { _ in reply }
  }

  /// An HTTPS URL on the route's host.
  func url(_ path: String = "/") -> URL { URL(string: "https://\(host)\(path)")! }

  /// The requests the stub saw, in order.
  var requests: [StubRequest] { seen.withLock { $0 } }

  /// Returns once `count` requests have arrived in all.
  func waitUntilReceived(_ count: Int) async throws(CancellationError) {
    try await arrivals.wait(forAtLeast: count)
  }

  /// Returns once the session has called `stopLoading` `count` times in all for this route,
  /// as it does when it cancels a request.
  func waitUntilStopped(_ count: Int) async throws(CancellationError) {
    try await stops.wait(forAtLeast: count)
  }

  /// How many times the session has called `stopLoading` for this route so far.
  var stopCount: Int { stops.count }

  /// Ends every held reply that the session has not stopped, as a server ends a reply.
  func endHeldReplies() {
    let open = held.withLock { held in
      defer { held = [:] }
      return held.values
    }
    for end in open { end() }
  }

  static func route(for url: URL?) -> StubRoute? {
    guard let host = url?.host else { return nil }
    var node = newest.load(ordering: .acquiring)?.takeUnretainedValue()
    while let registered = node, registered.route.host != host { node = registered.older }
    return node?.route
  }

  func record(_ request: StubRequest) {
    seen.withLock { $0.append(request) }
    arrivals.increment()
  }

  /// A stopped reply is over: it is never ended again.
  func recordStop(_ loading: ObjectIdentifier) {
    _ = held.withLock { $0.removeValue(forKey: loading) }
    stops.increment()
  }

  func hold(_ loading: ObjectIdentifier, until end: @escaping @Sendable () -> Void) {
    held.withLock { $0[loading] = end }
  }

  func reply(_ request: StubRequest) -> StubReply { replyToRequest(request) }
}

/// One registered route, in a list that only grows, newest first, shared without a lock.
///
/// Routes stay registered as long as the process runs, and so do the nodes (each holds one
/// retain that is never released), so a reader never follows a freed node. Tests register
/// routes in parallel; the list is reached through an atomic, so a lookup never waits.
private final class RegisteredRoute: Sendable {
  let route: StubRoute
  let older: RegisteredRoute?

  init(route: StubRoute, older: RegisteredRoute?) {
    self.route = route
    self.older = older
  }
}
