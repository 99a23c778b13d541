import CardData
import CardPrimitives
import Foundation

/// The contract of ``CardData/HTTPTransport``, as checks that run against any implementation
/// in front of a server the spec scripts: ``StubTransport``, the sandbox transport and the
/// URLSession transport over a loopback server pass them all.
///
/// A test connects its transport to a server that answers each request by calling the
/// spec's `server` function, and hands back the transport and the server's base URL:
///
/// ```swift
/// @Test(arguments: HTTPTransportSpec.checks, .timeLimit(.minutes(1)))
/// func myTransport(_ check: HTTPTransportSpec.Check) async throws {
///   try await check.run(
///     on: .init { server in
///       // A server of your tests' own that calls `server` for each request it receives
///       // and answers as told (`.response`, `.hold`: keep it open, `.drop`: close it).
///       let http = try MyTestHTTPServer(answering: server)
///       return .init(transport: MyTransport(), baseURL: http.url, stop: http.stop)
///     })
/// }
/// ```
///
/// For a transport that never reaches a socket, ``StubTransport/init(serving:)`` is the
/// server, as the spec's run over `StubTransport` shows.
///
/// What the checks hold every implementation to:
/// - **Every status is a response**, 4xx and 5xx included; a transport throws a
///   ``CardData/TransportError`` only when no response arrived.
/// - **Requests and responses arrive as sent**: method, the percent-encoded path and query,
///   every header set, and bodies (in memory or from a file) byte for byte.
/// - **Cancelling the calling task cancels the exchange** and throws
///   ``CardData/TransportError/Kind/cancelled``; an already cancelled task sends nothing.
public enum HTTPTransportSpec {
  /// One check of the contract.
  public typealias Check = SpecCheck<Connector>

  /// A request as the server behind the transport received it.
  public struct ReceivedRequest: Sendable {
    /// The method, such as `POST`.
    public var method: String
    /// The request target as it arrived: the percent-encoded path and the query.
    public var target: String
    /// The header fields as they arrived (a real client adds some of its own).
    public var headers: HTTPHeaders
    /// The body's bytes; empty when there is none.
    public var body: Data

    /// Describes a received request.
    public init(method: String, target: String, headers: HTTPHeaders, body: Data) {
      self.method = method
      self.target = target
      self.headers = headers
      self.body = body
    }

    /// The request as a server that got it whole would see it: the percent-encoded path
    /// and query of its URL, and a file body read into memory.
    public init(_ request: HTTPRequest) {
      let query = request.url.query(percentEncoded: true).map { "?" + $0 } ?? ""
      let body: Data =
        switch request.body {
        case .empty: Data()
        case .data(let data): data
        case .file(let url, _): (try? Data(contentsOf: url)) ?? Data()
        }
      self.init(
        method: request.method.rawValue, target: request.url.path(percentEncoded: true) + query,
        headers: request.headers, body: body)
    }
  }

  /// How the server answers one request.
  public enum Answer: Sendable {
    /// This response.
    case response(HTTPResponse)
    /// No answer while the client waits: the client must give up (its task is cancelled).
    case hold
    /// No answer at all: the server drops the connection (or is not there).
    case drop
  }

  /// The server's behaviour: called once for each request, as it arrives, on any thread.
  public typealias Server = @Sendable (ReceivedRequest) -> Answer

  /// A transport connected to a server, for one check.
  public struct Connection: Sendable {
    /// The implementation under test.
    public var transport: any HTTPTransport
    /// Where the server answers; the checks append paths to it.
    public var baseURL: URL
    /// Shuts the server down once the check is over.
    public var stop: @Sendable () -> Void

    /// Describes a connection; `stop` defaults to nothing.
    public init(
      transport: any HTTPTransport, baseURL: URL, stop: @escaping @Sendable () -> Void = {}
    ) {
      self.transport = transport
      self.baseURL = baseURL
      self.stop = stop
    }
  }

  /// Builds a ``Connection`` to a server that answers with the given ``Server``.
  public struct Connector: Sendable {
    let connect: @Sendable (@escaping Server) async throws -> Connection

    /// Describes how to put the implementation under test in front of a scripted server.
    public init(_ connect: @escaping @Sendable (@escaping Server) async throws -> Connection) {
      self.connect = connect
    }
  }

  /// Every check, in a fixed order.
  public static let checks: [Check] = [
    Check("every status, 2xx to 5xx, is a response and never a thrown error") { connector in
      let statuses = [200, 201, 202, 204, 400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503]
      let answerTheStatusNamed: Server = { request in
        let status = Int(request.target.split(separator: "/").last ?? "") ?? 599
        return .response(HTTPResponse(status: status, headers: ["Content-Type": "text/plain"]))
      }
      try await serving(connector, answering: answerTheStatusNamed) { connection, _ in
        for status in statuses {
          let request = HTTPRequest(
            method: .get, url: connection.url("/status/\(status)"))
          let response = try await connection.transport.send(request)
          try expect(response.status == status, "a \(status) arrived as \(response.status)")
        }
      }
    },

    Check("the method, percent-encoded path and query, headers and body arrive as sent") {
      connector in
      try await serving(connector, answering: always(status: 204)) {
        connection, log in
        for method in [HTTPMethod.get, .post, .put, .patch, .delete] {
          let body = method == .get ? Data() : allByteValues(repeated: 64)
          var headers: HTTPHeaders = ["X-Spec": #"one value, with "quotes" and spaces"#]
          if !body.isEmpty { headers["Content-Type"] = "application/octet-stream" }
          _ = try await connection.transport.send(
            HTTPRequest(
              method: method, url: connection.url(encodedTarget), headers: headers,
              body: body.isEmpty ? .empty : .data(body)))
          let arrived = try lastRequest(log)
          try expect(arrived.method == method.rawValue, "\(method) arrived as \(arrived.method)")
          try expect(
            arrived.target == encodedTarget,
            "\(method) \(encodedTarget) arrived as \(arrived.target)")
          for field in headers {
            let value = arrived.headers[field.name]
            try expect(
              value == field.value, "\(method): \(field.name) arrived as \(value ?? "nothing")")
          }
          try expect(
            arrived.body == body,
            "\(method): a body of \(body.count) bytes arrived as \(arrived.body.count) bytes "
              + "(equal: \(arrived.body == body))")
        }
      }
    },

    Check("a response's status, headers and body arrive byte for byte") { connector in
      let body = allByteValues(repeated: 4096)
      let headers: HTTPHeaders = [
        "Content-Type": "application/x-spec", "X-Reply": "value; with=parameters",
      ]
      let reply = HTTPResponse(status: 207, headers: headers, body: body)
      try await serving(connector, answering: always(.response(reply))) { connection, _ in
        let response = try await connection.transport.send(
          HTTPRequest(method: .get, url: connection.url("/reply")))
        try expect(response.status == 207, "the status arrived as \(response.status)")
        for field in headers {
          let value = response.headers[field.name]
          try expect(value == field.value, "\(field.name) arrived as \(value ?? "nothing")")
        }
        try expect(
          response.body == body,
          "a body of \(body.count) bytes arrived as \(response.body.count) bytes "
            + "(equal: \(response.body == body))")
      }
    },

    Check("an empty response body arrives empty") { connector in
      try await serving(connector, answering: always(status: 204)) {
        connection, _ in
        let response = try await connection.transport.send(
          HTTPRequest(method: .delete, url: connection.url("/nothing")))
        try expect(response.status == 204, "the status arrived as \(response.status)")
        try expect(response.body.isEmpty, "an empty body arrived as \(response.body.count) bytes")
      }
    },

    Check("a file body is sent byte for byte") { connector in
      let directory = try TemporaryDirectory()
      let bytes = allByteValues(repeated: 3 * 4096 + 1)
      let file = try directory.write(bytes, to: "body.bin")
      try await serving(connector, answering: always(status: 201)) {
        connection, log in
        let response = try await connection.transport.send(
          HTTPRequest(
            method: .post, url: connection.url("/upload"),
            headers: ["Content-Type": "application/octet-stream"],
            body: .file(file, length: Int64(bytes.count))))
        try expect(response.status == 201, "the upload's status arrived as \(response.status)")
        let arrived = try lastRequest(log)
        try expect(
          arrived.body == bytes,
          "a file of \(bytes.count) bytes arrived as \(arrived.body.count) bytes "
            + "(equal: \(arrived.body == bytes))")
      }
    },

    Check("a server that drops the request without a response makes send throw") { connector in
      try await serving(connector, answering: always(.drop)) { connection, _ in
        let request = HTTPRequest(method: .get, url: connection.url("/dropped"))
        let result = await outcome { () throws(TransportError) in
          try await connection.transport.send(request)
        }
        switch result {
        case .success(let response):
          throw failure("a dropped request returned a response with status \(response.status)")
        case .failure(let error):
          try expect(error.kind != .cancelled, "a dropped request was reported as cancelled")
        }
      }
    },

    Check("cancelling the task of a request the server holds throws .cancelled") { connector in
      try await serving(connector, answering: always(.hold)) { connection, log in
        let request = HTTPRequest(method: .get, url: connection.url("/held"))
        let call = Task {
          await outcome { () throws(TransportError) in try await connection.transport.send(request)
          }
        }
        defer { call.cancel() }
        do {
          try await log.arrivals.wait(forAtLeast: 1)
        } catch {
          throw failure("the held request never reached the server")
        }
        call.cancel()
        let result = try await value(of: call, "a held request whose task was cancelled")
        try expect(result.failure?.kind == .cancelled, "a cancelled request ended with \(result)")
      }
    },

    Check("a task cancelled before sending throws .cancelled and sends nothing") { connector in
      try await serving(connector, answering: always(status: 200)) {
        connection, log in
        let request = HTTPRequest(method: .get, url: connection.url("/never"))
        let call = Task {
          withUnsafeCurrentTask { $0?.cancel() }
          return await outcome { () throws(TransportError) in
            try await connection.transport.send(request)
          }
        }
        let result = try await value(of: call, "a request of a cancelled task")
        try expect(
          result.failure?.kind == .cancelled, "a request of a cancelled task ended with \(result)")
        try expect(log.requests.isEmpty, "a cancelled task's request reached the server")
      }
    },
  ]

  /// A target with a slash and a space inside segments and an encoded query: a transport
  /// must send it exactly as given, decoding nothing.
  private static let encodedTarget = "/spec/a%2Fb/%C3%A9%20x?q=a%20b&r=%2F&s=%E2%9C%93"

  /// Connects the transport to `server`, records what the server receives, runs `body`
  /// and stops the server.
  private static func serving(
    _ connector: Connector, answering server: @escaping Server,
    _ body: (Connected, ServerLog) async throws -> Void
  ) async throws {
    let log = ServerLog()
    let connection = try await connector.connect { request in
      log.record(request)
      return server(request)
    }
    defer { connection.stop() }
    try await body(Connected(connection), log)
  }

  /// A server that answers every request with `answer`.
  private static func always(_ answer: Answer) -> Server { { _ in answer } }

  /// A server that answers every request with an empty response of this status.
  private static func always(status: Int) -> Server {
    always(.response(HTTPResponse(status: status)))
  }

  private static func lastRequest(_ log: ServerLog) throws -> ReceivedRequest {
    guard let last = log.requests.last else { throw failure("the server received no request") }
    return last
  }

  /// `count` copies of the bytes 0 to 255, so that a byte lost, changed or reordered shows.
  private static func allByteValues(repeated count: Int) -> Data {
    Data((0..<count).flatMap { _ in (0...255).map(UInt8.init) })
  }
}

/// A connection with a helper for URLs on it.
private struct Connected {
  let connection: HTTPTransportSpec.Connection
  init(_ connection: HTTPTransportSpec.Connection) { self.connection = connection }
  var transport: any HTTPTransport { connection.transport }

  /// The base URL followed by `target`, an already percent-encoded path and query.
  func url(_ target: String) -> URL {
    var base = connection.baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    return URL(string: base + target)!
  }
}

/// What the server received, in order, and a count of arrivals to wait on.
private final class ServerLog: Sendable {
  private let received = Protected<[HTTPTransportSpec.ReceivedRequest]>([])
  let arrivals = Tally()

  var requests: [HTTPTransportSpec.ReceivedRequest] { received.withLock { $0 } }

  func record(_ request: HTTPTransportSpec.ReceivedRequest) {
    received.withLock { $0.append(request) }
    arrivals.increment()
  }
}
