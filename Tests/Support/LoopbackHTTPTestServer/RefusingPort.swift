import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP port of 127.0.0.1 that refuses every connection: a socket is bound to it and never
/// listens.
///
/// The socket keeps the port while the value lives, so no server that tests start in parallel
/// can be given it; a stopped server's port, by contrast, may go to the next server started,
/// which would then answer.
public final class RefusingPort {
  public let port: UInt16
  private let socket: Int32

  /// Binds a socket to an ephemeral port of 127.0.0.1.
  public init() throws { (socket, port) = try bindEphemeralLoopbackPort() }

  deinit { close(socket) }

  /// `http://127.0.0.1:<port>` followed by `path`.
  public func url(_ path: String = "/") -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }
}
