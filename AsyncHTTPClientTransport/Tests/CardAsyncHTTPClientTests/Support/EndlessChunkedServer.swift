import Foundation
import NIOCore
import NIOPosix

/// A server on 127.0.0.1 whose answer to the first request never ends: a 200 in 4 KiB chunks
/// (`Transfer-Encoding: chunked`), written as fast as the client reads them, with no last
/// chunk. Only the client closing the connection stops it; ``bytesWrittenUntilClosed()``
/// returns then. A client that stopped reading but kept the connection open would leave the
/// server waiting to write, and the test to its time limit.
final class EndlessChunkedServer: Sendable {
  let port: Int
  private let listener: any Channel
  private let served: Task<Int, any Error>

  init() async throws {
    let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .bind(host: "127.0.0.1", port: 0) { child in
        child.eventLoop.makeCompletedFuture {
          try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: child)
        }
      }
    listener = server.channel
    port = server.channel.localAddress?.port ?? 0
    served = Task {
      try await server.executeThenClose { connections in
        for try await connection in connections {
          return try await Self.serve(connection)
        }
        return 0
      }
    }
  }

  var url: URL { URL(string: "http://127.0.0.1:\(port)/cards")! }

  /// How many bytes of the endless reply went out before the client closed the connection.
  func bytesWrittenUntilClosed() async throws -> Int { try await served.value }

  func stop() {
    served.cancel()
    listener.close(promise: nil)
  }

  private static func serve(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>) async throws
    -> Int
  {
    try await connection.executeThenClose { inbound, outbound in
      var requests = inbound.makeAsyncIterator()
      _ = try await requests.next()
      let head =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
      let chunk = ByteBuffer(string: "1000\r\n" + String(repeating: " ", count: 4096) + "\r\n")
      var written = 0
      do {
        try await outbound.write(ByteBuffer(string: head))
        while true {
          try await outbound.write(chunk)
          written += chunk.readableBytes
        }
      } catch {
        return written
      }
    }
  }
}
