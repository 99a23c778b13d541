import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Encodes a ``MultipartFormData`` form as a `multipart/form-data` body (RFC 7578).
///
/// The body's length is computed first, from the in-memory parts and the file parts' sizes
/// on disk. A body up to ``memoryThreshold`` bytes is built in memory; a larger one is
/// written to a temporary file, with file parts streamed ``chunkSize`` bytes at a time, so
/// memory use does not grow with the size of the files.
public struct MultipartEncoder: Sendable {
  /// The largest body, in bytes, kept in memory; a larger body (which includes any body with
  /// a file part larger than this) goes to a temporary file. 10 MiB by default.
  public var memoryThreshold: Int64
  /// Where temporary files for large bodies are created.
  public var temporaryDirectory: URL
  /// How many bytes of a file part are read at a time; values below 1 are treated as 1.
  public var chunkSize: Int

  public init(
    memoryThreshold: Int64 = 10 * 1024 * 1024,
    temporaryDirectory: URL = FileManager.default.temporaryDirectory,
    chunkSize: Int = 64 * 1024
  ) {
    self.memoryThreshold = memoryThreshold
    self.temporaryDirectory = temporaryDirectory
    self.chunkSize = chunkSize
  }

  /// Encodes `form`. A body kept in memory comes back as `.data`; a larger one as
  /// `.file(url, length:)` with ``EncodedMultipartBody/temporaryFile`` set, which the caller
  /// removes after the request. On failure no temporary file is left behind.
  public func encode(
    _ form: MultipartFormData
  ) throws(MultipartEncodingError) -> EncodedMultipartBody {
    let layout = try MultipartLayout(form: form)
    let chunkSize = max(chunkSize, 1)
    guard layout.length > memoryThreshold else {
      var sink = InMemoryMultipartSink(capacity: layout.length)
      try MultipartBodyWriter.write(layout, into: &sink, chunkSize: chunkSize)
      return EncodedMultipartBody(
        body: .data(sink.data), contentType: form.contentType, temporaryFile: nil)
    }
    var sink = try TemporaryFileSink(in: temporaryDirectory)
    do {
      try MultipartBodyWriter.write(layout, into: &sink, chunkSize: chunkSize)
      try sink.finish()
    } catch {
      sink.discard()
      throw error
    }
    return EncodedMultipartBody(
      body: .file(sink.url, length: layout.length), contentType: form.contentType,
      temporaryFile: sink.url)
  }
}

/// A form encoded by ``MultipartEncoder``: the request body, its `Content-Type`, and the
/// temporary file that holds a large body.
public struct EncodedMultipartBody: Sendable, Hashable {
  /// The bytes to send: `.data` for a small body, `.file(url, length:)` for a large one.
  public let body: HTTPBody
  /// The request's `Content-Type`, `multipart/form-data; boundary=…`.
  public let contentType: String
  /// The temporary file holding the body, which the caller removes once the request is done
  /// (see ``removeTemporaryFile()``); `nil` when the body is in memory.
  public let temporaryFile: URL?

  /// Deletes the temporary file, if there is one. Calling it again, or after the file is
  /// already gone, does nothing; failures are ignored because there is nothing left to do.
  public func removeTemporaryFile() {
    guard let temporaryFile else { return }
    try? FileManager.default.removeItem(at: temporaryFile)
  }
}

/// Why ``MultipartEncoder`` could not encode a form.
public struct MultipartEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, coarsely.
  public enum Kind: String, Hashable, Sendable {
    /// A file part's file is missing, is not a regular file, or cannot be opened or read.
    case unreadableFile
    /// A file part's file grew or shrank between measuring it and reading it.
    case fileChangedWhileReading
    /// The form's boundary is not a valid RFC 2046 boundary (1 to 70 permitted characters).
    case invalidBoundary
    /// A part's `Content-Type` contains a line break, which would break the framing.
    case invalidContentType
    /// The temporary file for a large body could not be created or written.
    case temporaryFileFailure
  }

  public let kind: Kind
  /// The file the error concerns: a file part's path or the temporary file's path;
  /// `nil` when no file is involved.
  public let path: String?
  /// What happened, for people.
  public let reason: String

  public init(_ kind: Kind, path: String? = nil, reason: String) {
    self.kind = kind
    self.path = path
    self.reason = reason
  }

  /// A sentence naming the kind, the file when there is one, and the reason.
  public var description: String {
    let subject =
      switch kind {
      case .unreadableFile: "Cannot read multipart file part"
      case .fileChangedWhileReading: "Multipart file part changed while being encoded"
      case .invalidBoundary: "Invalid multipart boundary"
      case .invalidContentType: "Invalid multipart part Content-Type"
      case .temporaryFileFailure: "Cannot write multipart temporary file"
      }
    guard let path else { return "\(subject): \(reason)" }
    return "\(subject) at \(path): \(reason)"
  }
}

/// A form laid out as the byte segments of its body, in order, with the total length known
/// before any file part is read: the length comes from file attributes alone.
struct MultipartLayout {
  /// A run of body bytes.
  enum Segment {
    /// Bytes in memory: framing, or the content of an in-memory part.
    case bytes(Data)
    /// The whole content of a file, whose length was measured when the layout was made.
    case file(URL, length: Int64)

    /// The number of bytes the segment contributes to the body.
    var length: Int64 {
      switch self {
      case .bytes(let data): Int64(data.count)
      case .file(_, let length): length
      }
    }
  }

  /// The segments, in body order.
  let segments: [Segment]
  /// The body's total length in bytes.
  let length: Int64

  /// Validates the form's header text and measures its file parts.
  init(form: MultipartFormData) throws(MultipartEncodingError) {
    try MultipartHeaderValidation.validate(boundary: form.boundary)
    let framing = MultipartFraming(boundary: form.boundary)
    var segments: [Segment] = []
    for part in form.parts {
      if let contentType = part.contentType {
        try MultipartHeaderValidation.validate(contentType: contentType, partName: part.name)
      }
      segments.append(.bytes(framing.head(of: part)))
      switch part.content {
      case .data(let data):
        segments.append(.bytes(data))
      case .file(let url):
        segments.append(.file(url, length: try MultipartFileMeasurement.length(ofFileAt: url)))
      }
      segments.append(.bytes(MultipartFraming.partTerminator))
    }
    segments.append(.bytes(framing.closingDelimiter))
    self.segments = segments
    self.length = segments.reduce(0) { $0 + $1.length }
  }
}

/// The bytes around a form's parts (RFC 7578, RFC 2046 §5.1.1). Each part is sent as
/// `head(of:)`, its content, then `partTerminator`; the body ends with ``closingDelimiter``.
struct MultipartFraming {
  /// The form's boundary, already validated.
  let boundary: String

  /// `--boundary`, the `Content-Disposition` line, the `Content-Type` line when the part has
  /// one, and the blank line that ends the headers.
  func head(of part: MultipartPart) -> Data {
    var head = Data("--\(boundary)\r\n".utf8)
    head.append(contentsOf: "Content-Disposition: form-data; name=\"".utf8)
    head.append(contentsOf: MultipartFieldEscaping.escapedUTF8(part.name))
    head.append(UInt8(ascii: "\""))
    if let filename = part.filename {
      head.append(contentsOf: "; filename=\"".utf8)
      head.append(contentsOf: MultipartFieldEscaping.escapedUTF8(filename))
      head.append(UInt8(ascii: "\""))
    }
    head.append(contentsOf: "\r\n".utf8)
    if let contentType = part.contentType {
      head.append(contentsOf: "Content-Type: \(contentType)\r\n".utf8)
    }
    head.append(contentsOf: "\r\n".utf8)
    return head
  }

  /// The line break that ends every part's content.
  static let partTerminator = Data("\r\n".utf8)

  /// `--boundary--` and a final line break.
  var closingDelimiter: Data { Data("--\(boundary)--\r\n".utf8) }
}

/// Writes a laid-out body into a sink, segment by segment, streaming file parts.
enum MultipartBodyWriter {
  /// Writes every segment of `layout` into `sink`, reading files `chunkSize` bytes at a time.
  static func write<Sink: MultipartByteSink>(
    _ layout: MultipartLayout, into sink: inout Sink, chunkSize: Int
  ) throws(MultipartEncodingError) {
    for segment in layout.segments {
      switch segment {
      case .bytes(let bytes):
        try sink.write(bytes)
      case .file(let url, let length):
        try MultipartFileCopier.copy(
          fileAt: url, expectedLength: length, chunkSize: chunkSize, into: &sink)
      }
    }
  }
}

/// Where ``MultipartBodyWriter`` puts a body's bytes, in order.
protocol MultipartByteSink {
  /// Appends `bytes` to the body.
  mutating func write(_ bytes: Data) throws(MultipartEncodingError)
}

/// Collects a small body in memory.
struct InMemoryMultipartSink: MultipartByteSink {
  /// The bytes written so far.
  private(set) var data = Data()

  /// Creates an empty sink with room for `capacity` bytes, so appending never reallocates.
  init(capacity: Int64) {
    data.reserveCapacity(Int(clamping: capacity))
  }

  mutating func write(_ bytes: Data) {
    data.append(bytes)
  }
}

/// Writes a large body to a new temporary file that only the current user can read.
struct TemporaryFileSink: MultipartByteSink {
  /// The file being written.
  let url: URL
  private let handle: FileHandle

  /// Creates a file with a unique name in `directory`, atomically with mode 0600: it is
  /// opened with `O_EXCL`, so an existing file (or a link planted in its place) is never
  /// reused, and it is never readable by others, not even for an instant.
  init(in directory: URL) throws(MultipartEncodingError) {
    let url = directory.appendingPathComponent("card-service-multipart-\(UUID().uuidString).tmp")
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw MultipartEncodingError(
        .temporaryFileFailure, path: url.path, reason: failureReason(errno: errno))
    }
    self.url = url
    self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  func write(_ bytes: Data) throws(MultipartEncodingError) {
    do {
      try handle.write(contentsOf: bytes)
    } catch {
      throw MultipartEncodingError(
        .temporaryFileFailure, path: url.path, reason: failureReason(of: error))
    }
  }

  /// Closes the file once the whole body is written; a failing close (a full disk on some
  /// file systems) means the body may be incomplete, so it throws.
  func finish() throws(MultipartEncodingError) {
    do {
      try handle.close()
    } catch {
      throw MultipartEncodingError(
        .temporaryFileFailure, path: url.path, reason: failureReason(of: error))
    }
  }

  /// Closes and deletes the partly written file after a failure, ignoring further errors.
  func discard() {
    try? handle.close()
    try? FileManager.default.removeItem(at: url)
  }
}

/// Streams a file part's bytes into a sink in fixed-size chunks, so that at most one chunk
/// of the file is in memory at a time, and checks that the file still has the length it
/// was measured at.
enum MultipartFileCopier {
  /// Copies the `expectedLength` bytes of the file at `url` into `sink`, `chunkSize` bytes
  /// at a time; throws if the file cannot be read, ends early, or has bytes left over.
  static func copy<Sink: MultipartByteSink>(
    fileAt url: URL, expectedLength: Int64, chunkSize: Int, into sink: inout Sink
  ) throws(MultipartEncodingError) {
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: url)
    } catch {
      throw MultipartEncodingError(
        .unreadableFile, path: url.path, reason: failureReason(of: error))
    }
    defer { try? handle.close() }

    var remaining = expectedLength
    while remaining > 0 {
      // `chunk` is scoped to one iteration: its buffer is freed before the next read.
      let chunk = try read(upTo: Int(min(Int64(chunkSize), remaining)), from: handle, at: url)
      guard !chunk.isEmpty else {
        throw MultipartEncodingError(
          .fileChangedWhileReading, path: url.path,
          reason: "it ended after \(expectedLength - remaining) of \(expectedLength) bytes")
      }
      try sink.write(chunk)
      remaining -= Int64(chunk.count)
    }
    guard try read(upTo: 1, from: handle, at: url).isEmpty else {
      throw MultipartEncodingError(
        .fileChangedWhileReading, path: url.path,
        reason: "it grew beyond the \(expectedLength) bytes it had when measured")
    }
  }

  /// The next at most `count` bytes; empty at the end of the file.
  private static func read(
    upTo count: Int, from handle: FileHandle, at url: URL
  ) throws(MultipartEncodingError) -> Data {
    do {
      return try handle.read(upToCount: count) ?? Data()
    } catch {
      throw MultipartEncodingError(
        .unreadableFile, path: url.path, reason: failureReason(of: error))
    }
  }
}

/// Reads a file part's length from its file attributes, without reading its bytes.
enum MultipartFileMeasurement {
  /// The length of the regular file at `url`, following symbolic links.
  static func length(ofFileAt url: URL) throws(MultipartEncodingError) -> Int64 {
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(
        atPath: url.resolvingSymlinksInPath().path)
    } catch {
      throw MultipartEncodingError(
        .unreadableFile, path: url.path, reason: failureReason(of: error))
    }
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      throw MultipartEncodingError(.unreadableFile, path: url.path, reason: "not a regular file")
    }
    guard let size = attributes[.size] as? NSNumber else {
      throw MultipartEncodingError(.unreadableFile, path: url.path, reason: "its size is unknown")
    }
    return size.int64Value
  }
}

/// A short reason for a failed file operation, for ``MultipartEncodingError/reason``: the
/// operating system's words (such as "No such file or directory") when the error carries an
/// `errno`, the error's own description otherwise.
func failureReason(of error: any Error) -> String {
  let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error
  if let posixError = (underlying ?? error) as? POSIXError {
    return failureReason(errno: posixError.code.rawValue)
  }
  return (error as NSError).localizedDescription
}

/// The operating system's description of an `errno` value.
func failureReason(errno code: Int32) -> String {
  String(cString: strerror(code))
}
