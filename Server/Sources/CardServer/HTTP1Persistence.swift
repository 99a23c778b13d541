import NIOCore
import NIOHTTP1

/// What HTTP/1 says about keeping a connection and about `Expect: 100-continue`, which
/// Hummingbird 2.28.1 does not do itself: its request type carries no HTTP version, it keeps
/// a connection unless a request says exactly `Connection: close`, and it never sends `100
/// Continue`. It sits between NIO's HTTP/1 decoder and Hummingbird's conversion to HTTP types
/// (``SandboxHTTP1Channel`` puts it there), where requests and responses still have a version.
///
/// - A connection is closed once the response is written when the request does not keep it
///   (HTTP/1.0 without `Connection: keep-alive`, or `Connection: close` in any case), when it
///   was a `CONNECT` or an upgrade (the decoder reads nothing after those, and this server
///   neither tunnels nor upgrades), and when a final status answers a request that waited for
///   `100 Continue` that was never sent: its client may still hold the body. Such a response
///   says `Connection: close`; one that keeps an HTTP/1.0 connection says `keep-alive`.
/// - `100 Continue` is sent when the responder is about to read the body
///   (``ContinueRequest``) of a request that expects it, so a request refused first (`413`
///   from its `Content-Length`) gets its final status and no `100`. An HTTP/1.0 request's
///   expectation is ignored, as RFC 9110 §10.1.1 requires.
final class HTTP1Persistence: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  /// The responder's word that it is about to read the current request's body: the handler
  /// then sends `100 Continue` if the request expects it and none was sent.
  struct ContinueRequest: Sendable {}

  /// A request read and not yet answered with a final status.
  private struct Pending {
    var keepsConnection: Bool
    var isHTTP10: Bool
    var expectsContinue: Bool
    var continueSent = false
  }

  /// Oldest first: a pipelined request waits behind those before it.
  private var pending: [Pending] = []
  /// Set by a final response head that ends the connection; acted on at its end.
  private var closesAfterResponse = false

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    let isHTTP10 = head.version.major == 1 && head.version.minor == 0
    let connection = head.headers[canonicalForm: "connection"].map { $0.lowercased() }
    let upgrades = connection.contains("upgrade") && head.headers.contains(name: "upgrade")
    let expectsContinue = head.headers[canonicalForm: "expect"].contains {
      $0.lowercased() == "100-continue"
    }
    if isHTTP10 { head.headers.remove(name: "expect") }
    pending.append(
      Pending(
        keepsConnection: head.isKeepAlive && head.method != .CONNECT && !upgrades,
        isHTTP10: isHTTP10, expectsContinue: expectsContinue && !isHTTP10))
    context.fireChannelRead(wrapInboundOut(.head(head)))
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head(var response) where response.status.code >= 200 || response.status.code == 101:
      if let request = pending.first {
        pending.removeFirst()
        closesAfterResponse =
          !request.keepsConnection || (request.expectsContinue && !request.continueSent)
        if closesAfterResponse {
          response.headers.replaceOrAdd(name: "connection", value: "close")
        } else if request.isHTTP10 {
          response.headers.replaceOrAdd(name: "connection", value: "keep-alive")
        }
      }
      context.write(wrapOutboundOut(.head(response)), promise: promise)
    case .end where closesAfterResponse:
      closesAfterResponse = false
      let written = context.eventLoop.makePromise(of: Void.self)
      written.futureResult.cascade(to: promise)
      context.writeAndFlush(data, promise: written)
      written.futureResult.assumeIsolated().whenComplete { _ in
        context.close(promise: nil)
      }
    default:
      context.write(data, promise: promise)
    }
  }

  func triggerUserOutboundEvent(
    context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?
  ) {
    guard event is ContinueRequest else {
      context.triggerUserOutboundEvent(event, promise: promise)
      return
    }
    guard let request = pending.first, request.expectsContinue, !request.continueSent else {
      promise?.succeed()
      return
    }
    pending[0].continueSent = true
    let head = HTTPResponseHead(version: .http1_1, status: .continue)
    context.writeAndFlush(wrapOutboundOut(.head(head)), promise: promise)
  }
}
