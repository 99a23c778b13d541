import CardPrimitives
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A listening TCP socket on 127.0.0.1 whose own thread accepts connections until
/// ``stop()``.
///
/// Only that thread uses the socket's descriptor, and it closes it when it ends. ``stop()``
/// wakes it through a pipe and waits for it, so that no `accept` ever runs on a descriptor
/// number that was closed and has been reused by another socket in the process, such as the
/// listener of the next test's server: that `accept` would take the other server's
/// connection.
final class LoopbackListener: Sendable {
  let port: UInt16
  private let listener: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let ended = DispatchSemaphore(value: 0)
  private let phase = Protected(Phase.created)

  private enum Phase { case created, started, stopped }

  /// Listens on an ephemeral port; connections wait in the backlog until ``start(_:)``.
  init() throws {
    let (listener, port) = try Self.openListener()
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else {
      let error = errno
      close(listener)
      throw LoopbackHTTPServer.ServerError.socket(error)
    }
    self.listener = listener
    self.port = port
    wakeRead = pipeEnds[0]
    wakeWrite = pipeEnds[1]
  }

  /// Starts the thread that hands each accepted connection, in blocking mode, to `accepted`;
  /// the receiver owns and closes it. Call it once; after ``stop()`` it does nothing.
  func start(_ accepted: @escaping @Sendable (Int32) -> Void) {
    let starts = phase.withLock { phase in
      guard phase == .created else { return false }
      phase = .started
      return true
    }
    if starts {
      Thread { [self] in acceptConnections(accepted) }.start()
    }
  }

  /// Stops accepting; when it returns, the socket is closed, so connecting is refused.
  /// Calling it again does nothing.
  func stop() {
    let previous = phase.withLock { phase in
      defer { phase = .stopped }
      return phase
    }
    switch previous {
    case .created:
      close(listener)
      close(wakeRead)
    case .started:
      var byte: UInt8 = 1
      _ = write(wakeWrite, &byte, 1)
      ended.wait()
    case .stopped:
      return
    }
    close(wakeWrite)
  }

  private func acceptConnections(_ accepted: @Sendable (Int32) -> Void) {
    defer {
      close(listener)
      close(wakeRead)
      ended.signal()
    }
    var watched = [
      pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      guard poll(&watched, nfds_t(watched.count), -1) >= 0 else {
        if errno == EINTR { continue }
        return
      }
      if watched[1].revents != 0 { return }
      guard watched[0].revents != 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        // The socket is non-blocking: a connection reset before `accept` leaves none.
        if [EINTR, EAGAIN, EWOULDBLOCK, ECONNABORTED].contains(errno) { continue }
        return
      }
      // Some platforms pass the listener's non-blocking mode on to accepted sockets.
      _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) & ~O_NONBLOCK)
      accepted(connection)
    }
  }

  /// A non-blocking socket listening on an ephemeral port of 127.0.0.1, and that port.
  private static func openListener() throws -> (listener: Int32, port: UInt16) {
    let (listener, port) = try bindEphemeralLoopbackPort()
    guard listen(listener, 16) == 0,
      fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK) == 0
    else {
      let error = errno
      close(listener)
      throw LoopbackHTTPServer.ServerError.socket(error)
    }
    return (listener, port)
  }
}

/// A TCP socket bound to an ephemeral port of 127.0.0.1, not yet listening, and that port.
func bindEphemeralLoopbackPort() throws -> (socket: Int32, port: UInt16) {
  #if os(Linux)
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  #else
    let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
  #endif
  guard socket >= 0 else { throw LoopbackHTTPServer.ServerError.socket(errno) }
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
    let error = errno
    close(socket)
    throw LoopbackHTTPServer.ServerError.socket(error)
  }
  return (socket, UInt16(bigEndian: address.sin_port))
}
