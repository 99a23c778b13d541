import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with ``HTTP1Persistence`` put right after NIO's request
/// decoder, where requests still carry their HTTP version: Hummingbird's own hook for more
/// handlers (`additionalChannelHandlers`) puts them after its conversion to HTTP types, which
/// drops the version.
struct SandboxHTTP1Channel: ServerChildChannel {
  let base: HTTP1Channel

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
    base.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try pipeline.addHandler(HTTP1Persistence(), position: .after(decoder))
      return value
    }
  }

  func handle(value: HTTP1Channel.Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }
}
