import AsyncHTTPClient
import CardData
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// Gathers one reply for ``AsyncHTTPClientTransport``: it refuses a compressed reply, and one
/// over the reply limit as soon as its announced length or the bytes received cross it, so
/// that no more of it is held. AsyncHTTPClient calls it on one event loop, one call at a time.
final class ReplyCollector: HTTPClientResponseDelegate {
  typealias Response = HTTPResponse

  private let server: Server
  private let limit: Int
  /// False for a reply to `HEAD`, whose `Content-Length` describes a body never sent.
  private let expectsBody: Bool
  private let state = Mutex(State())

  private struct State {
    var head: HTTPResponseHead?
    var body = Data()
  }

  init(server: Server, limit: Int, expectsBody: Bool) {
    self.server = server
    self.limit = limit
    self.expectsBody = expectsBody
  }

  func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead)
    -> EventLoopFuture<Void>
  {
    if let encoding = head.headers.first(name: "Content-Encoding"),
      encoding.lowercased() != "identity"
    {
      return task.eventLoop.makeFailedFuture(
        TransportError(
          .replyRefused,
          "the reply from \(server) is compressed (\(encoding)), which was not asked for"))
    }
    let status = head.status.code
    if expectsBody, status != 204, status != 304,
      let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > limit
    {
      return task.eventLoop.makeFailedFuture(tooLarge)
    }
    state.withLock { $0.head = head }
    return task.eventLoop.makeSucceededVoidFuture()
  }

  func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer)
    -> EventLoopFuture<Void>
  {
    let fits = state.withLock { state in
      guard state.body.count + buffer.readableBytes <= limit else { return false }
      state.body.append(contentsOf: buffer.readableBytesView)
      return true
    }
    return fits
      ? task.eventLoop.makeSucceededVoidFuture() : task.eventLoop.makeFailedFuture(tooLarge)
  }

  func didFinishRequest(task: HTTPClient.Task<Response>) throws -> HTTPResponse {
    try state.withLock { state in
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
