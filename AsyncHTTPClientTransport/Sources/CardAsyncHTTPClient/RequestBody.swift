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

/// A request's body as the client pulls it: each segment in order, bytes from memory and files
/// from disk 64 KiB at a time, so that a body of any size goes out with no copy of it in
/// memory. The request's upload progress hears of each piece as it is handed to the client,
/// up to the body's length.
///
/// A file must hold exactly the length its segment states, from its first byte to its end: one
/// that is missing, ends early or is longer fails the body with
/// ``CardData/TransportError/Kind/invalidRequest``, so that no body goes out other than as it
/// was built. A file is read with blocking `read(2)` calls of 64 KiB, as short as reads of a
/// local file are.
struct RequestBody: AsyncSequence, Sendable {
  typealias Element = ByteBuffer

  private let segments: [HTTPBody.Segment]
  private let progress: UploadProgressSink?
  private let length: Int64

  static let pieceSize = 64 << 10

  init(_ body: HTTPBody, progress: UploadProgressSink?) {
    segments = body.segments
    self.progress = progress
    length = body.length
  }

  func makeAsyncIterator() -> Iterator {
    Iterator(segments: segments, progress: progress, length: length)
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

  /// Closes the file it has open when the client drops it, the body sent or the exchange
  /// ended early.
  final class Iterator: AsyncIteratorProtocol {
    private let segments: [HTTPBody.Segment]
    private let progress: UploadProgressSink?
    private let length: Int64
    /// The segment being read, how many of its bytes have been read, and its open file.
    private var index = 0
    private var offset: Int64 = 0
    private var descriptor: Int32?
    private var sent: Int64 = 0

    fileprivate init(segments: [HTTPBody.Segment], progress: UploadProgressSink?, length: Int64) {
      self.segments = segments
      self.progress = progress
      self.length = length
    }

    deinit { closeFile() }

    func next() async throws -> ByteBuffer? {
      while index < segments.count {
        if let piece = try read(segments[index]) {
          sent += Int64(piece.readableBytes)
          progress?(sent: sent, of: length)
          return piece
        }
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
