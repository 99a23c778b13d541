import CardDomain
import Foundation

/// What a repository needs of the network: send an endpoint, get its response or a
/// ``CardDomain/CardError`` that keeps the contract's distinctions.
///
/// ``RequestPipeline`` is the implementation; a repository's tests use a spy of this
/// one-method port instead of the whole pipeline.
package protocol APIClient: Sendable {
  func send<Response>(_ endpoint: Endpoint<Response>) async throws(CardError) -> Response
}

/// Sends endpoints: builds the request, runs it through the middleware in order, the
/// transport at the end of the chain, and has the endpoint judge the reply.
///
/// The chain returns any response it gets, 2xx or not (a middleware such as the retry policy
/// may send again first); the endpoint decides what a status means (a 404 becomes
/// `requestErr`, no response `networkFail`).
package struct RequestPipeline: APIClient {
  package let baseURL: URL
  /// The base URL as text without query or trailing slashes, which an endpoint's encoded path
  /// and query are appended to.
  private let base: String
  private let transport: any HTTPTransport
  private let middleware: [any ClientMiddleware]
  private let sleeper: any Sleeper
  private let clock: any WallClock
  private let redactor: Redactor

  /// `middleware` runs outermost first; `clock` and `sleeper` are the ones middleware tell
  /// time and wait with (``RequestContext/clock``); `redactor` hides the session's tokens in
  /// every error's message.
  package init(
    baseURL: URL,
    transport: any HTTPTransport,
    middleware: [any ClientMiddleware] = [],
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
    self.middleware = middleware
    self.sleeper = sleeper
    self.clock = clock
    self.redactor = redactor
  }

  package func send<Response>(_ endpoint: Endpoint<Response>) async throws(CardError) -> Response {
    do {
      return try endpoint.decode(try await response(to: endpoint)).get()
    } catch {
      // Every error of every endpoint leaves here, whatever built its message.
      throw redactor.redact(error)
    }
  }

  /// The reply to what an endpoint asks for, whatever its status.
  private nonisolated(nonsending) func response<Response>(to endpoint: Endpoint<Response>)
    async throws(CardError) -> HTTPResponse
  {
    var target = endpoint.path.encoded(after: base)
    if !endpoint.query.isEmpty { target += "?" + endpoint.query.percentEncoded }
    guard let url = URL(string: target) else {
      throw .invalidInput(.unreadableInput("no valid URL for \(endpoint.path) below \(base)"))
    }
    let prepared = try PreparedRequest(endpoint, url: url)
    let context = RequestContext(
      id: RequestContext.nextID(), endpointName: endpoint.name,
      authorization: endpoint.authorization, body: prepared.bodySummary, clock: clock,
      sleeper: sleeper)
    do {
      return try await run(from: 0, prepared.request, context: context)
    } catch {
      throw error.cardError
    }
  }

  /// The middleware at `index` with the rest of the chain as its `next`; past the last one,
  /// the transport.
  private nonisolated(nonsending) func run(
    from index: Int, _ request: HTTPRequest, context: RequestContext
  ) async throws(CallFailure) -> HTTPResponse {
    guard index < middleware.count else { return try await exchange(request, context: context) }
    return try await middleware[index].intercept(request, context: context) {
      (request) async throws(CallFailure) -> HTTPResponse in
      try await run(from: index + 1, request, context: context)
    }
  }

  /// One attempt over the transport, within what is left of the call's deadline, if any. A
  /// cancelled task sends nothing and stops with ``CardDomain/CardError/cancelled``.
  private nonisolated(nonsending) func exchange(_ request: HTTPRequest, context: RequestContext)
    async throws(CallFailure) -> HTTPResponse
  {
    guard !Task.isCancelled else { throw .ended(.cancelled) }
    var request = request
    if let deadline = context.deadline {
      let left = deadline.at.timeIntervalSince(clock.now())
      guard left > 0 else { throw .ended(deadline.exceeded(in: context)) }
      request.timeLimit = .nanoseconds(Int64(left * 1e9))
    }
    context.attemptSent(bytes: request.body.length)
    let response: HTTPResponse
    do {
      response = try await transport.send(request)
    } catch {
      context.attemptEnded(.noResponse(error))
      throw .transport(error)
    }
    context.attemptEnded(.status(response.status), bytesReceived: Int64(response.body.count))
    guard !Task.isCancelled else { throw .ended(.cancelled) }
    return response
  }
}

/// A request built from an endpoint, and what a log may know of its body.
private struct PreparedRequest {
  let request: HTTPRequest
  let bodySummary: RequestBodySummary

  /// The base URL plus the percent-encoded path, `Accept: application/json`, and a body
  /// with an explicit `Content-Type` (FoundationNetworking would add a form type otherwise).
  init<Response>(_ endpoint: Endpoint<Response>, url: URL) throws(CardError) {
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
      do {
        body = try form.encoded()
      } catch {
        throw .invalidInput(.unreadableInput(error.description))
      }
      headers["Content-Type"] = form.contentType
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

extension RequestPath {
  /// `prefix` followed by ``percentEncoded``, built in one string.
  func encoded(after prefix: String) -> String {
    var text = prefix
    text.reserveCapacity(prefix.utf8.count + segments.reduce(1) { $0 + 1 + 3 * $1.utf8.count })
    if segments.isEmpty { text += "/" }
    for segment in segments {
      text += "/"
      let bytes = segment.utf8
      if !bytes.isEmpty && !bytes.contains(where: { $0 != UInt8(ascii: ".") }) {
        // `.` and `..` mean "this" and "parent" to every URL resolver: keep them data.
        text += String(repeating: "%2E", count: bytes.count)
      } else if bytes.allSatisfy(Self.mayStandUnencoded) {
        text += segment
      } else {
        for byte in bytes {
          if Self.mayStandUnencoded(byte) {
            text.unicodeScalars.append(Unicode.Scalar(byte))
          } else {
            text += (byte < 16 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
          }
        }
      }
    }
    return text
  }

  /// RFC 3986's unreserved characters, the sub-delimiters, `:` and `@`.
  private static func mayStandUnencoded(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: "-._~!$&'()*+,;=:@".utf8.contains(byte)
    }
  }
}
