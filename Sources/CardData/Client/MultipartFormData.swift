import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `multipart/form-data` form (RFC 7578) as a value: a boundary (random by default) and
/// parts in the order they are sent, and its encoding as a request body.
package struct MultipartFormData: Hashable, Sendable {
  package let boundary: String
  package private(set) var parts: [MultipartPart] = []

  package init(boundary: String = MultipartFormData.randomBoundary()) {
    self.boundary = boundary
  }

  package var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// Appends a text field, sent as UTF-8 with no part `Content-Type` (RFC 7578 §4.4 default).
  package mutating func append(_ text: String, name: String) {
    parts.append(MultipartPart(name: name, content: .data(Data(text.utf8))))
  }

  /// Appends bytes, as a file part when `filename` is given.
  package mutating func append(
    _ data: Data, name: String, filename: String? = nil, contentType: String? = nil
  ) {
    parts.append(
      MultipartPart(name: name, filename: filename, contentType: contentType, content: .data(data))
    )
  }

  /// Appends a file part whose bytes stream from the file itself when the request is sent.
  package mutating func appendFile(
    at url: URL, name: String, filename: String, contentType: String
  ) {
    parts.append(
      MultipartPart(name: name, filename: filename, contentType: contentType, content: .file(url))
    )
  }

  /// A boundary of 32 random hexadecimal digits after a fixed prefix: 128 bits of
  /// randomness, so it cannot plausibly occur inside a part.
  package static func randomBoundary() -> String {
    let random = (0..<2).map { _ in UInt64.random(in: .min ... .max) }
    return "card-service.boundary." + String(format: "%016llx%016llx", random[0], random[1])
  }
}

/// One part of a ``MultipartFormData`` form; a file part has a `filename`.
package struct MultipartPart: Hashable, Sendable {
  package enum Content: Hashable, Sendable {
    case data(Data)
    /// A file, read by the transport as it sends the request.
    case file(URL)
  }

  package let name: String
  package let filename: String?
  package let contentType: String?
  package let content: Content

  package init(name: String, filename: String? = nil, contentType: String? = nil, content: Content)
  {
    self.name = name
    self.filename = filename
    self.contentType = contentType
    self.content = content
  }

  /// Loggers never print a file part's bytes.
  package var isFile: Bool { filename != nil }
}

extension MultipartFormData {
  /// The form as a `multipart/form-data` body (RFC 7578), after checking the boundary and the
  /// text written verbatim into part headers, and measuring each file part. A form of text and
  /// in-memory parts becomes `.data`; one with a file part becomes `.segments`, each file part
  /// its own file at the size it has now, streamed by the transport: no file is read, copied
  /// or created here, so memory use does not grow with the size of the files.
  package func encoded() throws(MultipartEncodingError) -> HTTPBody {
    var segments: [HTTPBody.Segment] = []
    var bytes = Data()
    for run in try HTTPBody.segments(of: self) {
      switch run {
      case .data(let data): bytes.append(data)
      case .file:
        segments += [.data(bytes), run]
        bytes = Data()
      }
    }
    return segments.isEmpty ? .data(bytes) : .segments(segments + [.data(bytes)])
  }
}

/// Why a form could not be encoded.
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
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(
        atPath: url.resolvingSymlinksInPath().path)
    } catch {
      // In the operating system's words ("No such file or directory") when it gives an errno.
      let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error
      let reason =
        if let posixError = (underlying ?? error) as? POSIXError {
          String(cString: strerror(posixError.code.rawValue))
        } else {
          (error as NSError).localizedDescription
        }
      throw MultipartEncodingError(.unreadableFile, path: url.path, reason: reason)
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
