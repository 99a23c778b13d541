import AsyncHTTPClient
import CardData
import Foundation
import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A request's body as the client takes it: each segment in order, bytes from memory and files
/// from disk 64 KiB at a time, so that a body of any size goes out with no copy of it in
/// memory. The request's upload progress hears of each piece as it is handed to the client,
/// up to the body's length.
///
/// A file must hold exactly the length its segment states, from its first byte to its end: one
/// that is missing, ends early or is longer fails the body with
/// ``CardData/TransportError/Kind/invalidRequest``, so that no body goes out other than as it
/// was built. A file is read with blocking `read(2)` calls of 64 KiB, as short as reads of a
/// local file are.
struct RequestBody: Sendable {
  private let segments: [HTTPBody.Segment]
  private let progress: UploadProgressSink?
  private let length: Int64

  static let pieceSize = 64 << 10

  init(_ body: HTTPBody, progress: UploadProgressSink?) {
    segments = body.segments
    self.progress = progress
    length = body.length
  }

  /// Hands the pieces to `writer` and returns a future on `loop`, the exchange's event loop,
  /// that succeeds once the last piece is handed over.
  ///
  /// That future must complete on `loop` in the same turn as the last piece's hand-over:
  /// a server that answers and closes the connection as soon as the body is in would otherwise
  /// find the client still waiting for the body's end, which it reports as a lost connection.
  /// So a body in memory is handed over at once, and one with a file from a task (a file is
  /// read with blocking calls, which must not hold up the event loop) that reads one piece
  /// ahead, knows which piece is the last, and ends with that piece's own future.
  ///
  /// A piece the client refuses because the exchange has ended (the server answered early, or
  /// the connection dropped) ends the body without an error: the exchange reports its own
  /// outcome.
  func write(to writer: HTTPClient.Body.StreamWriter, on loop: any EventLoop)
    -> EventLoopFuture<Void>
  {
    let inMemory = segments.allSatisfy {
      if case .data = $0 { true } else { false }
    }
    guard !inMemory else {
      let reader = Reader(segments)
      var sent: Int64 = 0
      do {
        var handed = loop.makeSucceededVoidFuture()
        while let piece = try reader.nextPiece() { handed = hand(piece, to: writer, &sent) }
        return handed.recover { _ in }
      } catch {
        return loop.makeFailedFuture(error)
      }
    }
    let written = loop.makePromise(of: Void.self)
    Task {
      let reader = Reader(segments)
      var sent: Int64 = 0
      do {
        var next = try reader.nextPiece()
        while let piece = next {
          next = try reader.nextPiece()
          let handed = hand(piece, to: writer, &sent)
          guard next != nil else { return written.completeWith(handed.recover { _ in }) }
          do { try await handed.get() } catch { return written.succeed() }
        }
        written.succeed()
      } catch {
        written.fail(error)
      }
    }
    return written.futureResult
  }

  /// Hands `piece` to `writer`, adds it to `sent` and tells the upload progress.
  private func hand(
    _ piece: ByteBuffer, to writer: HTTPClient.Body.StreamWriter, _ sent: inout Int64
  ) -> EventLoopFuture<Void> {
    let handed = writer.write(.byteBuffer(piece))
    sent += Int64(piece.readableBytes)
    progress?(sent: sent, of: length)
    return handed
  }

  /// Throws unless each file of `body` is a readable regular file of exactly its stated
  /// length, checked before anything is sent; the reading checks again as it goes.
  static func check(_ body: HTTPBody) throws(TransportError) {
    for case .file(let url, let length) in body.segments {
      guard url.isFileURL else {
        throw TransportError(.invalidRequest, "body file \(url) is not a file URL")
      }
      // Follows a symbolic link, as the reading does.
      var info = stat()
      guard stat(url.path, &info) == 0 else {
        throw invalid(url, "cannot be read: \(String(cString: strerror(errno)))")
      }
      guard info.st_mode & S_IFMT == S_IFREG else { throw invalid(url, "is not a regular file") }
      guard access(url.path, R_OK) == 0 else { throw invalid(url, "is not readable") }
      guard Int64(info.st_size) == length else {
        throw invalid(url, "has \(info.st_size) bytes, not \(length)")
      }
    }
  }

  fileprivate static func invalid(_ url: URL, _ problem: String) -> TransportError {
    TransportError(.invalidRequest, "body file \(url.path) \(problem)")
  }

  /// Reads the pieces in order; closes the file it has open when it is dropped, the body sent
  /// or the exchange ended early.
  private final class Reader {
    private let segments: [HTTPBody.Segment]
    /// The segment being read, how many of its bytes have been read, and its open file.
    private var index = 0
    private var offset: Int64 = 0
    private var descriptor: Int32?

    init(_ segments: [HTTPBody.Segment]) {
      self.segments = segments
    }

    deinit { closeFile() }

    /// The next piece, or `nil` after the last.
    func nextPiece() throws(TransportError) -> ByteBuffer? {
      while index < segments.count {
        if let piece = try read(segments[index]) { return piece }
        index += 1
        offset = 0
      }
      return nil
    }

    /// The next piece of `segment`, or `nil` when it is done.
    private func read(_ segment: HTTPBody.Segment) throws(TransportError) -> ByteBuffer? {
      let wanted = Int(Swift.min(Int64(RequestBody.pieceSize), segment.length - offset))
      switch segment {
      case .data(let data):
        guard wanted > 0 else { return nil }
        let start = data.startIndex + Int(offset)
        offset += Int64(wanted)
        return ByteBuffer(bytes: data[start..<start + wanted])
      case .file(let url, let expected):
        let descriptor = try openFile(url)
        guard wanted > 0 else {
          // The file's end must come where the segment's does.
          var extra: UInt8 = 0
          guard readRetryingInterrupts(descriptor, &extra, 1) == 0 else {
            throw fail(url, "grew beyond the \(expected) bytes it had when measured")
          }
          closeFile()
          return nil
        }
        var piece = ByteBuffer()
        var count = 0
        piece.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { buffer in
          count = readRetryingInterrupts(descriptor, buffer.baseAddress!, wanted)
          return Swift.max(count, 0)
        }
        guard count > 0 else {
          let reason =
            count < 0
            ? "cannot be read: \(String(cString: strerror(errno)))"
            : "ended after \(offset) of its \(expected) bytes"
          throw fail(url, reason)
        }
        offset += Int64(count)
        return piece
      }
    }

    private func openFile(_ url: URL) throws(TransportError) -> Int32 {
      if let descriptor { return descriptor }
      let opened = open(url.path, O_RDONLY | O_CLOEXEC)
      guard opened >= 0 else {
        throw fail(url, "cannot be read: \(String(cString: strerror(errno)))")
      }
      descriptor = opened
      return opened
    }

    private func fail(_ url: URL, _ problem: String) -> TransportError {
      closeFile()
      return RequestBody.invalid(url, problem)
    }

    private func closeFile() {
      if let descriptor { _ = close(descriptor) }
      descriptor = nil
    }
  }
}

/// `read(2)` into `buffer`, retried on `EINTR`: the count read, 0 at the end, -1 on failure.
private func readRetryingInterrupts(
  _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int
) -> Int {
  while true {
    let result = read(descriptor, buffer, count)
    if result >= 0 || errno != EINTR { return result }
  }
}
