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
final class RefusingPort {
  /// The port.
  let port: UInt16
  private let socket: Int32

  /// Binds a socket to an ephemeral port of 127.0.0.1.
  init() throws {
    #if os(Linux)
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
      }
    }
    guard bound else {
      let code = errno
      close(socket)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
    self.socket = socket
    port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(socket) }

  /// `http://127.0.0.1:<port>` followed by `path`.
  func url(_ path: String = "/") -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }
}
