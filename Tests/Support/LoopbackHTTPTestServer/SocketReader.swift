import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads one HTTP/1.1 request from a socket, its body framed by `Content-Length` or chunked.
struct SocketReader {
  let socket: Int32
  /// When false, body bytes are counted and dropped as they arrive.
  let keepsBodies: Bool
  private var buffer = Data()

  init(socket: Int32, keepsBodies: Bool = true) {
    self.socket = socket
    self.keepsBodies = keepsBodies
  }

  /// The request, or `nil` when the connection ends first or the request line is malformed.
  mutating func readRequest() -> LoopbackHTTPServer.Request? {
    guard let head = readUntil(Data("\r\n\r\n".utf8)) else { return nil }
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count == 3 else { return nil }
    let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      return (String(line[..<colon]), value)
    }
    var request = LoopbackHTTPServer.Request(
      method: String(requestLine[0]), target: String(requestLine[1]), headers: headers,
      body: Data())
    if request.header("Transfer-Encoding")?.lowercased() == "chunked" {
      guard readChunkedBody(into: &request) else { return nil }
    } else if let length = request.header("Content-Length").flatMap(Int.init) {
      guard readBody(count: length, into: &request) else { return nil }
    }
    return request
  }

  /// Reads and drops bytes until the client closes the connection.
  mutating func waitForClose() {
    while fill() {}
  }

  private mutating func readChunkedBody(into request: inout LoopbackHTTPServer.Request) -> Bool {
    while true {
      guard let line = readUntil(Data("\r\n".utf8)),
        let size = Int(String(decoding: line, as: UTF8.self), radix: 16)
      else { return false }
      if size == 0 { return readUntil(Data("\r\n".utf8)) != nil }
      guard readBody(count: size, into: &request), read(count: 2) != nil else { return false }
    }
  }

  /// Reads `count` bytes of the body: kept in the request's body, or counted and dropped.
  private mutating func readBody(count: Int, into request: inout LoopbackHTTPServer.Request)
    -> Bool
  {
    if keepsBodies {
      guard let bytes = read(count: count) else { return false }
      request.body += bytes
    } else {
      guard skip(count: count) else { return false }
    }
    request.bodyLength += count
    return true
  }

  /// Drops `count` bytes: what the buffer holds first, then straight from the socket into a
  /// scratch buffer, never reading past them.
  private mutating func skip(count: Int) -> Bool {
    let buffered = min(count, buffer.count)
    buffer.removeFirst(buffered)
    var remaining = count - buffered
    guard remaining > 0 else { return true }
    var scratch = [UInt8](repeating: 0, count: 256 * 1024)
    while remaining > 0 {
      let received = recv(socket, &scratch, min(remaining, scratch.count), 0)
      guard received > 0 else { return false }
      remaining -= received
    }
    return true
  }

  /// The bytes before `delimiter`, consuming the delimiter too.
  private mutating func readUntil(_ delimiter: Data) -> Data? {
    while true {
      if let range = buffer.range(of: delimiter) {
        let line = buffer[buffer.startIndex..<range.lowerBound]
        buffer.removeSubrange(buffer.startIndex..<range.upperBound)
        return Data(line)
      }
      guard fill() else { return nil }
    }
  }

  private mutating func read(count: Int) -> Data? {
    while buffer.count < count {
      guard fill() else { return nil }
    }
    let bytes = buffer.prefix(count)
    buffer.removeFirst(count)
    return Data(bytes)
  }

  /// Reads more bytes into the buffer; false at end of stream or on error.
  private mutating func fill() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    let count = recv(socket, &chunk, chunk.count, 0)
    guard count > 0 else { return false }
    buffer.append(chunk, count: count)
    return true
  }
}
