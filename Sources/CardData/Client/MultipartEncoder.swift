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
/// The length is computed first, from the in-memory parts and the file parts' sizes on disk.
/// A body up to ``memoryThreshold`` bytes is built in memory; a larger one is written to a
/// temporary file with file parts streamed ``chunkSize`` bytes at a time, so memory use does
/// not grow with the size of the files.
public struct MultipartEncoder: Sendable {
  /// 10 MiB by default; a body with a larger file part always goes to a temporary file.
  public var memoryThreshold: Int64
  public var temporaryDirectory: URL
  /// Values below 1 count as 1.
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

  /// A body kept in memory comes back as `.data`; a larger one as `.file(url, length:)` with
  /// ``EncodedMultipartBody/temporaryFile`` set, which the caller removes after the request.
  /// On failure no temporary file is left behind.
  public func encode(
    _ form: MultipartFormData
  ) throws(MultipartEncodingError) -> EncodedMultipartBody {
    let segments = try HTTPBody.segments(of: form)
    let length = segments.reduce(0) { $0 + $1.length }
    let chunkSize = max(chunkSize, 1)
    guard length > memoryThreshold else {
      var data = Data(capacity: Int(clamping: length))
      for segment in segments { try segment.copy(chunkSize: chunkSize) { data.append($0) } }
      return EncodedMultipartBody(
        body: .data(data), contentType: form.contentType, temporaryFile: nil)
    }
    let (url, file) = try Self.createTemporaryFile(in: temporaryDirectory)
    do {
      for segment in segments {
        try segment.copy(chunkSize: chunkSize) { (bytes) throws(MultipartEncodingError) in
          try attempt(.temporaryFileFailure, at: url) { try file.write(contentsOf: bytes) }
        }
      }
      // A failing close (a full disk, on some file systems) may mean an incomplete body.
      try attempt(.temporaryFileFailure, at: url) { try file.close() }
    } catch {
      try? file.close()
      try? FileManager.default.removeItem(at: url)
      throw error
    }
    return EncodedMultipartBody(
      body: .file(url, length: length), contentType: form.contentType, temporaryFile: url)
  }

  /// A new file that only the current user can read, for a large body: `O_EXCL` and mode
  /// 0600, so an existing file or a planted link is never reused and no one else can read the
  /// body, not even for an instant.
  private static func createTemporaryFile(
    in directory: URL
  ) throws(MultipartEncodingError) -> (URL, FileHandle) {
    let url = directory.appendingPathComponent("card-service-multipart-\(UUID().uuidString).tmp")
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw MultipartEncodingError(
        .temporaryFileFailure, path: url.path, reason: String(cString: strerror(errno)))
    }
    return (url, FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
  }
}

/// A form encoded by ``MultipartEncoder``: the request body, its `Content-Type`
/// (`multipart/form-data; boundary=…`), and the temporary file that holds a large body.
public struct EncodedMultipartBody: Sendable, Hashable {
  public let body: HTTPBody
  public let contentType: String
  /// `nil` when the body is in memory.
  public let temporaryFile: URL?

  /// Deletes the temporary file, if any; calling it again does nothing.
  public func removeTemporaryFile() {
    guard let temporaryFile else { return }
    try? FileManager.default.removeItem(at: temporaryFile)
  }
}

/// Why ``MultipartEncoder`` could not encode a form.
public struct MultipartEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Hashable, Sendable {
    /// A file part's file is missing, is not a regular file, or cannot be opened or read.
    case unreadableFile
    /// A file part's file grew or shrank between measuring it and reading it.
    case fileChangedWhileReading
    /// Not 1 to 70 characters that RFC 2046 allows in a boundary.
    case invalidBoundary
    /// A part's `Content-Type` contains a line break, which would break the framing.
    case invalidContentType
    /// The temporary file for a large body could not be created or written.
    case temporaryFileFailure
  }

  public let kind: Kind
  /// A file part's path or the temporary file's path; `nil` when no file is involved.
  public let path: String?
  public let reason: String

  public init(_ kind: Kind, path: String? = nil, reason: String) {
    self.kind = kind
    self.path = path
    self.reason = reason
  }

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

/// The body of a form as runs of bytes: framing and in-memory parts as `.data`, each file part
/// as `.file` with the length it was measured at.
extension HTTPBody {
  /// The body of `form` in order (RFC 7578, RFC 2046 §5.1.1), after checking the header text
  /// written verbatim and measuring the file parts, so that no form can produce framing a
  /// receiver would read differently.
  fileprivate static func segments(
    of form: MultipartFormData
  ) throws(MultipartEncodingError) -> [HTTPBody] {
    let boundary = Array(form.boundary.utf8)
    guard (1...70).contains(boundary.count) else {
      throw MultipartEncodingError(
        .invalidBoundary, reason: "it has \(boundary.count) bytes; RFC 2046 allows 1 to 70")
    }
    guard boundary.allSatisfy(isBoundaryCharacter), boundary.last != UInt8(ascii: " ") else {
      throw MultipartEncodingError(
        .invalidBoundary,
        reason: "\"\(form.boundary)\" has a character RFC 2046 does not allow in a boundary")
    }
    var segments: [HTTPBody] = []
    for part in form.parts {
      var head = "--\(form.boundary)\r\n"
      head += "Content-Disposition: form-data; name=\"\(escaped(part.name))\""
      if let filename = part.filename { head += "; filename=\"\(escaped(filename))\"" }
      if let contentType = part.contentType {
        guard !contentType.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else {
          throw MultipartEncodingError(
            .invalidContentType,
            reason: "the Content-Type of part \"\(part.name)\" contains a line break")
        }
        head += "\r\nContent-Type: \(contentType)"
      }
      let content: HTTPBody =
        switch part.content {
        case .data(let data): .data(data)
        case .file(let url): .file(url, length: try length(ofFileAt: url))
        }
      segments += [.data(Data((head + "\r\n\r\n").utf8)), content, .data(Data("\r\n".utf8))]
    }
    segments.append(.data(Data("--\(form.boundary)--\r\n".utf8)))
    return segments
  }

  /// Hands the bytes to `write`, a file `chunkSize` bytes at a time so that at most one chunk
  /// is in memory, and checks that the file still has the length it was measured at.
  fileprivate func copy(
    chunkSize: Int, into write: (Data) throws(MultipartEncodingError) -> Void
  ) throws(MultipartEncodingError) {
    guard case .file(let url, let expected) = self else {
      if case .data(let data) = self { try write(data) }
      return
    }
    let handle = try attempt(.unreadableFile, at: url) { try FileHandle(forReadingFrom: url) }
    defer { try? handle.close() }
    func read(upTo count: Int) throws(MultipartEncodingError) -> Data {
      try attempt(.unreadableFile, at: url) { try handle.read(upToCount: count) ?? Data() }
    }
    var remaining = expected
    while remaining > 0 {
      let chunk = try read(upTo: Int(min(Int64(chunkSize), remaining)))
      guard !chunk.isEmpty else {
        throw MultipartEncodingError(
          .fileChangedWhileReading, path: url.path,
          reason: "it ended after \(expected - remaining) of \(expected) bytes")
      }
      try write(chunk)
      remaining -= Int64(chunk.count)
    }
    guard try read(upTo: 1).isEmpty else {
      throw MultipartEncodingError(
        .fileChangedWhileReading, path: url.path,
        reason: "it grew beyond the \(expected) bytes it had when measured")
    }
  }

  /// The size of the regular file at `url`, following symbolic links, without reading it.
  private static func length(ofFileAt url: URL) throws(MultipartEncodingError) -> Int64 {
    let attributes = try attempt(.unreadableFile, at: url) {
      try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
    }
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      throw MultipartEncodingError(.unreadableFile, path: url.path, reason: "not a regular file")
    }
    guard let size = attributes[.size] as? NSNumber else {
      throw MultipartEncodingError(.unreadableFile, path: url.path, reason: "its size is unknown")
    }
    return size.int64Value
  }

  /// A name or file name for its quoted `Content-Disposition` parameter, escaped as the HTML
  /// standard does (RFC 7578 §4.2 forbids `filename*`): `"` becomes `%22`, CR `%0D`, LF `%0A`,
  /// and every other byte stays, so the receiver sees what a browser sends.
  private static func escaped(_ value: String) -> String {
    let bytes = value.utf8.flatMap { byte in
      switch byte {
      case UInt8(ascii: "\""): Array("%22".utf8)
      case UInt8(ascii: "\r"): Array("%0D".utf8)
      case UInt8(ascii: "\n"): Array("%0A".utf8)
      default: [byte]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// RFC 2046 `bchars`: letters, digits, space and `'()+_,-./:=?`.
  private static func isBoundaryCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: "'()+_,-./:=? ".utf8.contains(byte)
    }
  }
}

/// Runs a file operation whose error becomes a `kind` error at `url`, in the operating
/// system's words ("No such file or directory") when it carries an `errno`.
private func attempt<Value>(
  _ kind: MultipartEncodingError.Kind, at url: URL, _ operation: () throws -> Value
) throws(MultipartEncodingError) -> Value {
  do {
    return try operation()
  } catch {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error
    let reason =
      if let posixError = (underlying ?? error) as? POSIXError {
        String(cString: strerror(posixError.code.rawValue))
      } else {
        (error as NSError).localizedDescription
      }
    throw MultipartEncodingError(kind, path: url.path, reason: reason)
  }
}
