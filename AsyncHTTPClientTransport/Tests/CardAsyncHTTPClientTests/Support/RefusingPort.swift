import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP port of 127.0.0.1 that refuses every connection: a socket is bound to it and never
/// listens, and keeps the port while the value lives, so that no server started meanwhile is
/// given it.
final class RefusingPort {
  let port: UInt16
  private let socket: Int32

  init() throws {
    #if canImport(Glibc)
      let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw POSIXError(.EADDRNOTAVAIL)
    }
    socket = descriptor
    port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(socket) }

  func url(_ path: String = "/") -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }
}
