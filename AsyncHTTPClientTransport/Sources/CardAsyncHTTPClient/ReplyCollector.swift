import AsyncHTTPClient
import CardData
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// Gathers one reply for ``AsyncHTTPClientTransport``, from either of AsyncHTTPClient's APIs:
/// it refuses a compressed reply, and one over the reply limit as soon as its announced length
/// or the bytes received cross it, so that no more of it is held.
///
/// It is called one call at a time: as a delegate on one event loop, in an upload by the one
/// task that reads the reply. The `Mutex` makes it `Sendable` and is never contended.
final class ReplyCollector: Sendable {
  private let server: Server
  private let limit: Int
  /// False for a reply to `HEAD`, whose `Content-Length` describes a body never sent.
  private let expectsBody: Bool
  private let state = Mutex(State())

  private struct State {
    var head: (status: HTTPResponseStatus, headers: NIOHTTP1.HTTPHeaders)?
    var body = Data()
  }

  init(for request: HTTPRequest, limit: Int) {
    server = Server(request.url)
    self.limit = limit
    expectsBody = request.method != .head
  }

  /// Takes the reply's head, unless it is compressed or announces a body over the limit.
  func receive(status: HTTPResponseStatus, headers: NIOHTTP1.HTTPHeaders) throws(TransportError) {
    if let encoding = headers.first(name: "Content-Encoding"), encoding.lowercased() != "identity" {
      throw TransportError(
        .replyRefused,
        "the reply from \(server) is compressed (\(encoding)), which was not asked for")
    }
    if expectsBody, status != .noContent, status != .notModified,
      let length = headers.first(name: "Content-Length").flatMap(Int.init), length > limit
    {
      throw tooLarge
    }
    state.withLock { $0.head = (status, headers) }
  }

  /// Adds `buffer` to the body, unless that would take it over the limit.
  func append(_ buffer: ByteBuffer) throws(TransportError) {
    let fits = state.withLock { state in
      guard state.body.count + buffer.readableBytes <= limit else { return false }
      state.body.append(contentsOf: buffer.readableBytesView)
      return true
    }
    guard fits else { throw tooLarge }
  }

  /// The whole reply, once its end has come.
  func response() throws(TransportError) -> HTTPResponse {
    try state.withLock { state throws(TransportError) in
      // AsyncHTTPClient hands over the head first on either path; this is for a client that
      // would not.
      guard let head = state.head else {
        throw TransportError(.other, "the reply from \(server) ended before its head")
      }
      return HTTPResponse(
        status: Int(head.status.code),
        headers: CardData.HTTPHeaders(
          head.headers.map { CardData.HTTPHeaders.Field(name: $0.name, value: $0.value) }),
        body: state.body)
    }
  }

  private var tooLarge: TransportError {
    TransportError(
      .replyRefused,
      "the reply from \(server) is larger than \(Spoken.size(limit)) (the reply limit)")
  }

}

/// The delegate API: a refusal fails the exchange, and AsyncHTTPClient closes its connection.
extension ReplyCollector: HTTPClientResponseDelegate {
  typealias Response = HTTPResponse

  func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead)
    -> EventLoopFuture<Void>
  {
    do {
      try receive(status: head.status, headers: head.headers)
      return task.eventLoop.makeSucceededVoidFuture()
    } catch {
      return task.eventLoop.makeFailedFuture(error)
    }
  }

  func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer)
    -> EventLoopFuture<Void>
  {
    do {
      try append(buffer)
      return task.eventLoop.makeSucceededVoidFuture()
    } catch {
      return task.eventLoop.makeFailedFuture(error)
    }
  }

  func didFinishRequest(task: HTTPClient.Task<Response>) throws -> HTTPResponse {
    try response()
  }
}
