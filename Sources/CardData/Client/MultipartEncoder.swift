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
/// A form of text and in-memory parts becomes a `.data` body. A form with a file part becomes
/// `.segments`: the framing and in-memory parts as bytes, each file part as its own file at the
/// size it has now, which the transport streams when it sends the request. No file is read,
/// copied or created here, so memory use does not grow with the size of the files.
package struct MultipartEncoder: Sendable {
  package init() {}

  /// The body and its `Content-Type`, after checking the boundary and the text written verbatim
  /// into part headers, and measuring each file part.
  package func encode(
    _ form: MultipartFormData
  ) throws(MultipartEncodingError) -> EncodedMultipartBody {
    var segments: [HTTPBody.Segment] = []
    var bytes = Data()
    for run in try HTTPBody.segments(of: form) {
      switch run {
      case .data(let data): bytes.append(data)
      case .file:
        segments.append(.data(bytes))
        segments.append(run)
        bytes = Data()
      }
    }
    let body: HTTPBody =
      if segments.isEmpty { .data(bytes) } else { .segments(segments + [.data(bytes)]) }
    return EncodedMultipartBody(body: body, contentType: form.contentType)
  }
}

/// A form encoded by ``MultipartEncoder``: the request body and its `Content-Type`
/// (`multipart/form-data; boundary=…`).
package struct EncodedMultipartBody: Sendable, Hashable {
  package let body: HTTPBody
  package let contentType: String
}

/// Why ``MultipartEncoder`` could not encode a form.
package struct MultipartEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
  package enum Kind: String, Hashable, Sendable {
    /// A file part's file is missing, is not a regular file, or its size cannot be read.
    case unreadableFile
    /// Not 1 to 70 characters that RFC 2046 allows in a boundary.
    case invalidBoundary
    /// A part's `Content-Type` contains a line break, which would break the framing.
    case invalidContentType
  }

  package let kind: Kind
  /// A file part's path; `nil` when no file is involved.
  package let path: String?
  package let reason: String

  package init(_ kind: Kind, path: String? = nil, reason: String) {
    self.kind = kind
    self.path = path
    self.reason = reason
  }

  package var description: String {
    let subject =
      switch kind {
      case .unreadableFile: "Cannot read multipart file part"
      case .invalidBoundary: "Invalid multipart boundary"
      case .invalidContentType: "Invalid multipart part Content-Type"
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
  ) throws(MultipartEncodingError) -> [Segment] {
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
    var segments: [Segment] = []
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
      let content: Segment =
        switch part.content {
        case .data(let data): .data(data)
        case .file(let url): .file(url, length: try length(ofFileAt: url))
        }
      segments += [.data(Data((head + "\r\n\r\n").utf8)), content, .data(Data("\r\n".utf8))]
    }
    segments.append(.data(Data("--\(form.boundary)--\r\n".utf8)))
    return segments
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
