import CardPrimitives
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1, one request per connection unless a reply keeps it
/// alive, for the tests that need
/// FoundationNetworking's real HTTP code path: redirects (a `URLProtocol` cannot redirect
/// there), request timeouts, the framing of bodies on the wire, and the REPL run with
/// `--server` against the sandbox served over HTTP. Public for the drills of `Benchmarks/` and
/// for other projects, which can put it behind their own transport to check it against the
/// HTTP transport spec, as `URLSessionTransportSpecTests` does.
///
/// A stopped server never touches a descriptor number that another socket of the process may
/// have taken since, such as the next test's server: see ``stop()`` and `LoopbackListener`.
public final class LoopbackHTTPServer: Sendable {
  /// A request as it arrived.
  public struct Request: Sendable {
    public var method: String
    /// The request target as sent: the path and query.
    public var target: String
    /// The header fields in the order they arrived, names as sent.
    public var headers: [(name: String, value: String)]
    /// The body, read by its `Content-Length` or as chunks; empty when there is none, or when
    /// the server keeps no bodies.
    public var body: Data
    /// How many bytes the body had, chunk framing removed, whether or not it was kept.
    public var bodyLength = 0
    /// Whether an earlier request arrived on the same connection (see ``Reply/keepAlive(status:headers:body:)``).
    public var isOnReusedConnection = false

    /// The first value of the named header, compared case-insensitively.
    public func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
  }

  /// How the server answers.
  public enum Reply: Sendable {
    /// A response; `Content-Length` and `Connection: close` are added.
    case respond(status: Int, headers: [(String, String)] = [], body: Data = Data())
    /// A response with `Content-Length` only, after which the connection waits for another
    /// request, as a keep-alive server's does.
    case keepAlive(status: Int, headers: [(String, String)] = [], body: Data = Data())
    /// A 200 response with no length: the body ends when the server closes the connection.
    case unframed(body: Data)
    /// A 200 response sent in chunks of `chunkSize` bytes (`Transfer-Encoding: chunked`), the
    /// last chunk and the connection's close after them.
    case chunked(body: Data, chunkSize: Int)
    /// A 200 response whose `Content-Length` announces `bytes` bytes, sent one byte every
    /// `interval`, as a slow server would: a fixture for tests of real timeouts.
    case trickle(bytes: Int, interval: Duration)
    /// No response; the connection stays open until the client closes it.
    case hang
    /// The connection is closed without any response.
    case close
  }

  /// The requests received and the connections open, shared by the connection threads.
  private struct State {
    var requests: [Request] = []
    var connections: Set<Int32> = []
    var stopped = false
    /// Set by ``stop()``, which leaves it once it has shut down the connections it found; a
    /// connection thread that ends after that waits for it before closing its descriptor.
    var shuttingDown: DispatchGroup?
  }

  public var port: UInt16 { listener.port }
  private let listener: LoopbackListener
  private let handler: @Sendable (Request) -> Reply
  private let keepsBodies: Bool
  private let state = Protected(State())

  /// Starts listening on an ephemeral port and answers each request with `handler`.
  ///
  /// `handler` runs on the connection's thread once the request has arrived whole and is
  /// listed in ``requests``, so a test can count arrivals in it and wait for that count. With
  /// `keepingBodies` false, a body is only counted (``Request/bodyLength``), so that the
  /// server's memory stays flat however large the uploads it receives.
  public init(keepingBodies: Bool = true, _ handler: @escaping @Sendable (Request) -> Reply)
    throws
  {
    self.handler = handler
    self.keepsBodies = keepingBodies
    listener = try LoopbackListener()
    listener.start { [self] connection in serveInNewThread(connection) }
  }

  /// `http://127.0.0.1:<port>` followed by `path`.
  public func url(_ path: String = "/") -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  /// The requests received, in order.
  public var requests: [Request] { state.withLock { $0.requests } }

  /// Stops listening and ends every open connection; when it returns, connecting is refused.
  ///
  /// A connection found in the set has not been closed by its thread (which removes it
  /// first), and a thread that removes it after that waits for `shuttingDown` before closing
  /// it, so no descriptor number shut down here can belong to another socket yet. The
  /// shutdowns happen outside the lock, so the threads they wake do not queue for it.
  public func stop() {
    let shuttingDown = DispatchGroup()
    shuttingDown.enter()
    let connections = state.withLock { state in
      state.stopped = true
      state.shuttingDown = shuttingDown
      return state.connections
    }
    for connection in connections {
      shutdown(connection, Int32(SHUT_RDWR))
    }
    shuttingDown.leave()
    listener.stop()
  }

  private func serveInNewThread(_ connection: Int32) {
    let accepted = state.withLock { state in
      guard !state.stopped else { return false }
      state.connections.insert(connection)
      return true
    }
    guard accepted else {
      close(connection)
      return
    }
    Thread { [self] in serve(connection) }.start()
  }

  private func serve(_ connection: Int32) {
    defer {
      let shuttingDown = state.withLock { state in
        state.connections.remove(connection)
        return state.shuttingDown
      }
      shuttingDown?.wait()
      close(connection)
    }
    var reader = SocketReader(socket: connection, keepsBodies: keepsBodies)
    var isOnReusedConnection = false
    while var request = reader.readRequest() {
      request.isOnReusedConnection = isOnReusedConnection
      state.withLock { $0.requests.append(request) }
      guard answer(handler(request), on: connection, reader: &reader) else { return }
      isOnReusedConnection = true
    }
  }

  /// Sends `reply`; true when the connection stays open for another request.
  private func answer(_ reply: Reply, on connection: Int32, reader: inout SocketReader) -> Bool {
    switch reply {
    case .respond(let status, let headers, let body):
      Self.write(Self.response(status, headers + [("Connection", "close")], body), to: connection)
    case .keepAlive(let status, let headers, let body):
      return Self.write(Self.response(status, headers, body), to: connection)
    case .trickle(let bytes, let interval):
      let head = "HTTP/1.1 200 OK\r\nContent-Length: \(bytes)\r\nConnection: close\r\n\r\n"
      guard Self.write(Data(head.utf8), to: connection) else { return false }
      let (seconds, attoseconds) = interval.components
      let pause = Double(seconds) + Double(attoseconds) / 1e18
      for _ in 0..<bytes {
        // The pause models a slow server; the tests check what the client's real timeout makes
        // of it, never how long anything took.
        Thread.sleep(forTimeInterval: pause)  // a real timeout's fixture
        guard Self.write(Data("x".utf8), to: connection) else { return false }
      }
    case .unframed(let body):
      Self.write(Data("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8) + body, to: connection)
    case .chunked(let body, let chunkSize):
      let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
      guard Self.write(Data(head.utf8), to: connection) else { return false }
      for start in stride(from: body.startIndex, to: body.endIndex, by: chunkSize) {
        let chunk = body[start..<min(start + chunkSize, body.endIndex)]
        let framed = Data("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + Data("\r\n".utf8)
        guard Self.write(framed, to: connection) else { return false }
      }
      Self.write(Data("0\r\n\r\n".utf8), to: connection)
    case .hang:
      reader.waitForClose()
    case .close:
      break
    }
    return false
  }

  private static func response(_ status: Int, _ headers: [(String, String)], _ body: Data) -> Data {
    var head = "HTTP/1.1 \(status) Status\r\n"
    for (name, value) in headers {
      head += "\(name): \(value)\r\n"
    }
    head += "Content-Length: \(body.count)\r\n\r\n"
    return Data(head.utf8) + body
  }

  /// Sends every byte of `data`; false when the connection failed first.
  @discardableResult
  private static func write(_ data: Data, to connection: Int32) -> Bool {
    #if os(Linux)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    return data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let sent = send(connection, bytes.baseAddress! + offset, bytes.count - offset, flags)
        guard sent > 0 else { return false }
        offset += sent
      }
      return true
    }
  }

  /// Setting up the listening socket failed.
  public enum ServerError: Error {
    /// A socket call failed with this `errno`.
    case socket(Int32)
  }
}
