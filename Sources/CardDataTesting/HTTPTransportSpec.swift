import CardData
import CardPrimitives
import CardSandboxTransport
import CardTestingPrimitives
import Foundation

/// The contract of `CardData.HTTPTransport`, as checks that run against any implementation
/// in front of a server the spec scripts (``StubTransport``, the sandbox transport and the
/// URLSession transport pass them all): every status is a response, a transport throws only
/// when no response arrived, requests and responses arrive as sent, bodies byte for byte (a
/// body of segments too), a body's upload progress rises to its length, and cancelling the
/// calling task cancels the exchange with `.cancelled`.
///
/// ```swift
/// @Test(.timeLimit(.minutes(1)), arguments: HTTPTransportSpec.checks)
/// func appTransport(_ check: HTTPTransportSpec.Check) async throws {
///   try await check.run(on: .loopback { AppTransport() })  // the spec's server on 127.0.0.1
/// }
/// ```
///
/// A transport that never reaches a socket can use ``StubTransport/init(serving:)`` as the
/// server, and one in front of a server of its own builds a ``Connector`` around it.
public enum HTTPTransportSpec {
  public typealias Check = SpecCheck<Connector>

  /// A request as the server behind the transport received it: the target is the
  /// percent-encoded path and query, and the headers include any a real client adds.
  public struct ReceivedRequest: Sendable {
    public var method: String
    public var target: String
    public var headers: HTTPHeaders
    public var body: Data

    public init(method: String, target: String, headers: HTTPHeaders, body: Data) {
      self.method = method
      self.target = target
      self.headers = headers
      self.body = body
    }

    /// What a server that got `request` whole would see, a file body read into memory.
    public init(_ request: HTTPRequest) {
      self.init(
        method: request.method.rawValue, target: request.target, headers: request.headers,
        body: (try? request.body.bytes()) ?? Data())
    }
  }

  public enum Answer: Sendable {
    case response(HTTPResponse)
    /// No answer while the client waits: the client must give up (its task is cancelled).
    case hold
    /// No answer at all: the server drops the connection (or is not there).
    case drop
  }

  /// Called once for each request as it arrives, on any thread.
  public typealias Server = @Sendable (ReceivedRequest) -> Answer

  /// A transport in front of a server for one check; `stop` shuts the server down after it.
  public struct Connection: Sendable {
    public var transport: any HTTPTransport
    public var baseURL: URL
    public var stop: @Sendable () -> Void

    public init(
      transport: any HTTPTransport, baseURL: URL, stop: @escaping @Sendable () -> Void = {}
    ) {
      self.transport = transport
      self.baseURL = baseURL
      self.stop = stop
    }
  }

  /// Puts the implementation under test in front of a server that answers with a ``Server``.
  public struct Connector: Sendable {
    let connect: @Sendable (@escaping Server) async throws -> Connection

    public init(_ connect: @escaping @Sendable (@escaping Server) async throws -> Connection) {
      self.connect = connect
    }
  }

  public static let checks: [Check] = [
    check(
      "every status, 2xx to 5xx, is a response and never a thrown error",
      answering: answerTheStatusNamed
    ) { connection, _ in
      for status in [200, 201, 202, 204, 400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503] {
        let request = HTTPRequest(method: .get, url: connection.url("/status/\(status)"))
        let response = try await connection.transport.send(request)
        try expect(response.status == status, "a \(status) arrived as \(response.status)")
      }
    },

    check(
      "the method, percent-encoded path and query, headers and body arrive as sent",
      answering: always(status: 204)
    ) { connection, log in
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
        try expectBytes(arrived.body, body, "\(method): a body")
      }
    },

    check(
      "a response's status, headers and body arrive byte for byte",
      answering: always(.response(reply))
    ) { connection, _ in
      let response = try await connection.transport.send(
        HTTPRequest(method: .get, url: connection.url("/reply")))
      try expect(response.status == 207, "the status arrived as \(response.status)")
      for field in reply.headers {
        let value = response.headers[field.name]
        try expect(value == field.value, "\(field.name) arrived as \(value ?? "nothing")")
      }
      try expectBytes(response.body, reply.body, "a body")
    },

    check("an empty response body arrives empty", answering: always(status: 204)) {
      connection, _ in
      let response = try await connection.transport.send(
        HTTPRequest(method: .delete, url: connection.url("/nothing")))
      try expect(response.status == 204, "the status arrived as \(response.status)")
      try expect(response.body.isEmpty, "an empty body arrived as \(response.body.count) bytes")
    },

    check("a file body is sent byte for byte", answering: always(status: 201)) { connection, log in
      let directory = try TemporaryDirectory()
      let bytes = allByteValues(repeated: 3 * 4096 + 1)
      let file = try directory.write(bytes, to: "body.bin")
      let response = try await connection.transport.send(
        HTTPRequest(
          method: .post, url: connection.url("/upload"),
          headers: ["Content-Type": "application/octet-stream"],
          body: .file(file, length: Int64(bytes.count))))
      try expect(response.status == 201, "the upload's status arrived as \(response.status)")
      try expectBytes(try lastRequest(log).body, bytes, "a file")
    },

    check("a body's upload progress rises to the body's size", answering: always(status: 201)) {
      connection, _ in
      let directory = try TemporaryDirectory()
      let bytes = allByteValues(repeated: 3 * 4096 + 1)
      let file = try directory.write(bytes, to: "body.bin")
      let reports = Protected<[(sent: Int64, total: Int64)]>([])
      var request = HTTPRequest(
        method: .post, url: connection.url("/upload"),
        headers: ["Content-Type": "application/octet-stream"],
        body: .file(file, length: Int64(bytes.count)))
      request.uploadProgress = UploadProgressSink { sent, total in
        reports.withLock { $0.append((sent, total)) }
      }
      _ = try await connection.transport.send(request)
      let heard = reports.withLock { $0 }
      let length = Int64(bytes.count)
      try expect(!heard.isEmpty, "no progress was reported")
      try expect(
        heard.allSatisfy { $0.total == length }, "a total other than \(length) was reported")
      try expect(
        zip(heard, heard.dropFirst()).allSatisfy { $0.sent <= $1.sent },
        "the bytes sent went down: \(heard.map(\.sent))")
      try expect(
        heard.last?.sent == length,
        "the last report was \(heard.last?.sent ?? 0) bytes, not \(length)")
    },

    check(
      "a body of segments, a file between bytes, is sent byte for byte, progress to its size",
      answering: always(status: 201)
    ) { connection, log in
      let directory = try TemporaryDirectory()
      let fileBytes = allByteValues(repeated: 3 * 4096 + 1)
      let file = try directory.write(fileBytes, to: "part.bin")
      let head = Data(
        "--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"part.bin\"\r\n\r\n".utf8)
      let tail = Data("\r\n--b--\r\n".utf8)
      let reports = Protected<[(sent: Int64, total: Int64)]>([])
      var request = HTTPRequest(
        method: .post, url: connection.url("/upload"),
        headers: ["Content-Type": "multipart/form-data; boundary=b"],
        body: .segments([.data(head), .file(file, length: Int64(fileBytes.count)), .data(tail)]))
      request.uploadProgress = UploadProgressSink { sent, total in
        reports.withLock { $0.append((sent, total)) }
      }
      let response = try await connection.transport.send(request)
      try expect(response.status == 201, "the upload's status arrived as \(response.status)")
      try expectBytes(try lastRequest(log).body, head + fileBytes + tail, "a body of segments")
      let heard = reports.withLock { $0 }
      let length = request.body.length
      try expect(
        heard.allSatisfy { $0.total == length }, "a total other than \(length) was reported")
      try expect(
        heard.last?.sent == length,
        "the last report was \(heard.last?.sent ?? 0) bytes, not \(length)")
    },

    check(
      "a server that drops the request without a response makes send throw",
      answering: always(.drop)
    ) { connection, _ in
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
    },

    check(
      "cancelling the task of a request the server holds throws .cancelled",
      answering: always(.hold)
    ) { connection, log in
      // Without a body and with one, which some transports send differently.
      let requests = [
        HTTPRequest(method: .get, url: connection.url("/held")),
        HTTPRequest(method: .post, url: connection.url("/held"), body: .data(Data("{}".utf8))),
      ]
      for (arrived, request) in zip(1..., requests) {
        let call = Task {
          await outcome { () throws(TransportError) in try await connection.transport.send(request)
          }
        }
        defer { call.cancel() }
        do {
          try await log.arrivals.wait(forAtLeast: arrived)
        } catch {
          throw failure("the held \(request.method) never reached the server")
        }
        call.cancel()
        let result = try await value(of: call, "a held request whose task was cancelled")
        try expect(
          result.failure?.kind == .cancelled, "a cancelled \(request.method) ended with \(result)")
      }
    },

    check(
      "a task cancelled before sending throws .cancelled and sends nothing",
      answering: always(status: 200)
    ) { connection, log in
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
    },
  ]

  /// A target with a slash and a space inside segments and an encoded query: a transport
  /// must send it exactly as given, decoding nothing.
  private static let encodedTarget = "/spec/a%2Fb/%C3%A9%20x?q=a%20b&r=%2F&s=%E2%9C%93"

  /// Answers `/status/<status>` with that status.
  private static let answerTheStatusNamed: Server = { request in
    let status = Int(request.target.split(separator: "/").last ?? "") ?? 599
    return .response(HTTPResponse(status: status, headers: ["Content-Type": "text/plain"]))
  }

  private static let reply = HTTPResponse(
    status: 207,
    headers: ["Content-Type": "application/x-spec", "X-Reply": "value; with=parameters"],
    body: allByteValues(repeated: 4096))

  /// A check whose body runs with the transport in front of `server`, and a log of what the
  /// server received.
  private static func check(
    _ description: String, answering server: @escaping Server,
    _ body: @escaping @Sendable (Connection, ServerLog) async throws -> Void
  ) -> Check {
    Check(description) { connector in
      let log = ServerLog()
      let connection = try await connector.connect { request in
        log.record(request)
        return server(request)
      }
      defer { connection.stop() }
      try await body(connection, log)
    }
  }

  /// The failure names `what` and both sizes, so a body cut short shows as such.
  private static func expectBytes(
    _ arrived: Data, _ sent: Data, _ what: String, fileID: String = #fileID, line: Int = #line
  ) throws(SpecFailure) {
    try expect(
      arrived == sent,
      "\(what) of \(sent.count) bytes arrived as \(arrived.count) bytes (equal: \(arrived == sent))",
      fileID: fileID, line: line)
  }

  private static func always(_ answer: Answer) -> Server { { _ in answer } }

  private static func always(status: Int) -> Server {
    always(.response(HTTPResponse(status: status)))
  }

  private static func lastRequest(_ log: ServerLog) throws -> ReceivedRequest {
    guard let last = log.requests.last else { throw failure("the server received no request") }
    return last
  }

  /// `count` copies of the bytes 0 to 255, so that a byte lost, changed or reordered shows.
  /// One copy appended at a time: built element by element, 3 MB took the concurrency pool's
  /// threads for seconds in a debug build under ThreadSanitizer.
  private static func allByteValues(repeated count: Int) -> Data {
    let values = Data((0...255).map(UInt8.init))
    var bytes = Data(capacity: values.count * count)
    for _ in 0..<count { bytes.append(values) }
    return bytes
  }
}

extension HTTPTransportSpec.Connection {
  /// `target` is an already percent-encoded path and query.
  fileprivate func url(_ target: String) -> URL {
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    return URL(string: base + target)!
  }
}

private final class ServerLog: Sendable {
  private let received = Protected<[HTTPTransportSpec.ReceivedRequest]>([])
  let arrivals = Tally()

  var requests: [HTTPTransportSpec.ReceivedRequest] { received.withLock { $0 } }

  func record(_ request: HTTPTransportSpec.ReceivedRequest) {
    received.withLock { $0.append(request) }
    arrivals.increment()
  }
}

extension HTTPBody {
  /// The bytes sent; a file that cannot be read, or is not of its stated length, is an
  /// invalid request.
  func bytes() throws(TransportError) -> Data {
    if case .data(let data) = self { return data }
    var bytes = Data()
    for segment in segments {
      switch segment {
      case .data(let data): bytes.append(data)
      case .file(let url, let length):
        guard let data = try? Data(contentsOf: url) else {
          throw TransportError(.invalidRequest, "the body file \(url.path) cannot be read")
        }
        guard data.count == length else {
          throw TransportError(
            .invalidRequest,
            "the body file \(url.path) has \(data.count) bytes instead of \(length)")
        }
        bytes.append(data)
      }
    }
    return bytes
  }
}
