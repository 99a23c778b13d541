import Foundation

#if canImport(Glibc)
  import Glibc

  private let streamSocket = Int32(SOCK_STREAM.rawValue)
  /// A write to a closed connection fails with `EPIPE` instead of killing the test process.
  private let sendFlags = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
  import Darwin

  private let streamSocket = SOCK_STREAM
  private let sendFlags: Int32 = 0
#endif

/// A plain TCP connection to a loopback port, for requests URLSession will not send as they
/// are: a body sent in part and never finished. Its calls block, so the tests run it on a
/// thread of its own, never on the concurrency pool that the server in this process uses.
final class RawConnection {
  private let descriptor: Int32
  /// Bytes read past the last response returned.
  private var received = Data()

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  init(port: Int) throws {
    descriptor = socket(AF_INET, streamSocket, 0)
    guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
    // A real timeout's safety limit: a server that never answers fails the test, not hangs it.
    var limit = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      throw Failure(description: "connect: \(errno)")
    }
  }

  deinit { close(descriptor) }

  func write(_ bytes: Data) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, sendFlags)
      }
      guard sent > 0 else { throw Failure(description: "send: \(errno)") }
      offset += sent
    }
  }

  /// Reads until the end of a response head and returns its status line.
  func readStatusLine() throws -> String {
    let head = try readHead()
    return String(head.prefix { $0 != "\r" })
  }

  /// Reads one response head, up to and without its blank line; what follows it stays for the
  /// next read.
  func readHead() throws -> String {
    let end = Data("\r\n\r\n".utf8)
    while received.range(of: end) == nil {
      try receive()
    }
    let range = received.range(of: end)!
    let head = String(decoding: received[..<range.lowerBound], as: UTF8.self)
    received = Data(received[range.upperBound...])
    return head
  }

  /// Reads one whole response framed by `Content-Length` (none: no body): its head and body.
  func readResponse() throws -> (head: String, body: Data) {
    let head = try readHead()
    let length =
      head.split(separator: "\r\n").lazy
      .compactMap { line -> Int? in
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
        return Int(parts[1].trimmingCharacters(in: .whitespaces))
      }
      .first ?? 0
    while received.count < length {
      try receive()
    }
    let body = Data(received.prefix(length))
    received = Data(received.dropFirst(length))
    return (head, body)
  }

  private func receive() throws {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = recv(descriptor, &buffer, buffer.count, 0)
    guard count > 0 else { throw Failure(description: "the connection ended (\(errno))") }
    received.append(contentsOf: buffer[..<count])
  }

  /// Reads and drops whatever arrives until the server closes the connection; throws when the
  /// safety limit passes first.
  func readUntilClosed() throws {
    received = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count == 0 { return }
      if count < 0 {
        if errno == ECONNRESET { return }
        throw Failure(description: "the connection is still open (\(errno))")
      }
    }
  }

  /// Runs `work` on a new thread and waits for it without blocking the concurrency pool.
  static func onThread<Result: Sendable>(
    _ work: @escaping @Sendable () throws -> Result
  ) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Swift.Result(catching: work)) }.start()
    }
  }
}
