import Hummingbird

/// How many bytes of a request body the server reads before it refuses the request with
/// `413`. The sandbox judges what it is given; the server only keeps it from being given more
/// than a legal request can hold, and never holds more than that in memory.
struct BodyLimit: Sendable, Equatable, CustomStringConvertible {
  /// The largest body accepted.
  let byteCount: Int

  /// `POST /card` carries an image of at most 10 MiB (the sandbox refuses a larger image with
  /// `413` itself) plus its text fields and multipart framing, for which 1 MiB is ample.
  static let cardCreation = BodyLimit(byteCount: 11 * 1024 * 1024)
  /// Every other request carries a small JSON object or nothing.
  static let other = BodyLimit(byteCount: 1024 * 1024)

  /// The limit for a request to `path` (with or without its query) by `method`.
  static func of(method: String, path: String) -> BodyLimit {
    let route = path.prefix { $0 != "?" && $0 != "#" }
    return method == "POST" && route == "/card" ? .cardCreation : .other
  }

  /// The `413`'s message; only a card creation's speaks of its image.
  var refusal: String {
    let refusal = "the request body is over \(description)"
    return self == .cardCreation ? refusal + "; an image may be at most 10 MiB" : refusal
  }

  /// The limit in words: `11 MiB`, or `1048576 bytes` when not a whole number of MiB.
  var description: String {
    byteCount % (1024 * 1024) == 0 ? "\(byteCount / (1024 * 1024)) MiB" : "\(byteCount) bytes"
  }
}

/// The body was longer than its limit: announced so by `Content-Length`, or found so while it
/// streamed in.
struct BodyTooLarge: Error, Equatable {
  let limit: BodyLimit
}

extension BodyLimit {
  /// Reads `body` chunk by chunk, counting, and stops at the first chunk past the limit
  /// without waiting for the rest: a body of any size costs at most the limit in memory. A
  /// `Content-Length` over the limit is refused before any byte is read.
  func collect<Body: AsyncSequence>(_ body: Body, contentLength: Int?) async throws -> ByteBuffer
  where Body.Element == ByteBuffer {
    if let contentLength, contentLength > byteCount { throw BodyTooLarge(limit: self) }
    var collected = ByteBuffer()
    for try await chunk in body {
      guard chunk.readableBytes <= byteCount - collected.readableBytes else {
        throw BodyTooLarge(limit: self)
      }
      var chunk = chunk
      collected.writeBuffer(&chunk)
    }
    return collected
  }
}
