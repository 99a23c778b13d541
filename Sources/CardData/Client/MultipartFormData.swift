import Foundation

/// A `multipart/form-data` form (RFC 7578) as a value: a boundary and parts in order.
/// ``MultipartEncoder`` turns it into bytes.
public struct MultipartFormData: Hashable, Sendable {
  /// The delimiter between parts; random by default.
  public let boundary: String
  /// The parts in the order they are sent.
  public private(set) var parts: [MultipartPart] = []

  public init(boundary: String = MultipartFormData.randomBoundary()) {
    self.boundary = boundary
  }

  /// `multipart/form-data; boundary=…`, the request's `Content-Type`.
  public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// Appends a text field, sent as UTF-8 with no part `Content-Type` (RFC 7578 §4.4 default).
  public mutating func append(_ text: String, name: String) {
    parts.append(MultipartPart(name: name, content: .data(Data(text.utf8))))
  }

  /// Appends bytes, as a file part when `filename` is given.
  public mutating func append(
    _ data: Data, name: String, filename: String? = nil, contentType: String? = nil
  ) {
    parts.append(
      MultipartPart(name: name, filename: filename, contentType: contentType, content: .data(data))
    )
  }

  /// Appends a file part whose bytes are streamed from disk when the form is encoded.
  public mutating func appendFile(
    at url: URL, name: String, filename: String, contentType: String
  ) {
    parts.append(
      MultipartPart(name: name, filename: filename, contentType: contentType, content: .file(url))
    )
  }

  /// A boundary of 32 random hexadecimal digits after a fixed prefix: 128 bits of
  /// randomness, so it cannot plausibly occur inside a part.
  public static func randomBoundary() -> String {
    var generator = SystemRandomNumberGenerator()
    let random = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }
      .map { String(repeating: "0", count: 16 - $0.count) + $0 }
      .joined()
    return "card-service.boundary.\(random)"
  }
}

/// One part of a ``MultipartFormData`` form.
public struct MultipartPart: Hashable, Sendable {
  /// Where a part's bytes come from.
  public enum Content: Hashable, Sendable {
    /// Bytes in memory.
    case data(Data)
    /// A file, read in chunks when the form is encoded.
    case file(URL)
  }

  /// The form field name.
  public let name: String
  /// The file name, present for file parts.
  public let filename: String?
  /// The part's `Content-Type`, if any.
  public let contentType: String?
  /// The bytes.
  public let content: Content

  public init(name: String, filename: String? = nil, contentType: String? = nil, content: Content) {
    self.name = name
    self.filename = filename
    self.contentType = contentType
    self.content = content
  }

  /// Whether the part is a file (it has a file name); loggers never print a file's bytes.
  public var isFile: Bool { filename != nil }
}

/// Escapes a part's name or file name for its quoted `Content-Disposition` parameter, as the
/// HTML standard's `multipart/form-data` encoding does (RFC 7578 §4.2 forbids the `filename*`
/// alternative): `"` becomes `%22`, CR `%0D` and LF `%0A`. Every other byte is kept as is,
/// `%` and non-ASCII UTF-8 included, so the receiver sees the same bytes a browser sends.
enum MultipartFieldEscaping {
  /// The UTF-8 bytes of `value` with `"`, CR and LF percent-escaped.
  static func escapedUTF8(_ value: String) -> [UInt8] {
    var escaped: [UInt8] = []
    escaped.reserveCapacity(value.utf8.count)
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): escaped.append(contentsOf: "%22".utf8)
      case UInt8(ascii: "\r"): escaped.append(contentsOf: "%0D".utf8)
      case UInt8(ascii: "\n"): escaped.append(contentsOf: "%0A".utf8)
      default: escaped.append(byte)
      }
    }
    return escaped
  }
}

/// Checks the caller-supplied header text that is written verbatim, so that no form can
/// produce a body whose framing a receiver would read differently.
enum MultipartHeaderValidation {
  /// Throws unless the boundary is 1 to 70 characters from RFC 2046 §5.1.1's `bchars`
  /// and does not end with a space.
  static func validate(boundary: String) throws(MultipartEncodingError) {
    let bytes = Array(boundary.utf8)
    guard (1...70).contains(bytes.count) else {
      throw MultipartEncodingError(
        .invalidBoundary, reason: "it has \(bytes.count) bytes; RFC 2046 allows 1 to 70")
    }
    guard bytes.allSatisfy(isBoundaryCharacter), bytes.last != UInt8(ascii: " ") else {
      throw MultipartEncodingError(
        .invalidBoundary,
        reason: "\"\(boundary)\" has a character RFC 2046 does not allow in a boundary")
    }
  }

  /// Throws if a part's `Content-Type` contains CR or LF, which would end the header early.
  static func validate(contentType: String, partName: String) throws(MultipartEncodingError) {
    guard contentType.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { return }
    throw MultipartEncodingError(
      .invalidContentType, reason: "the Content-Type of part \"\(partName)\" contains a line break")
  }

  /// RFC 2046 `bchars`: letters, digits, space and `'()+_,-./:=?`.
  private static func isBoundaryCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      "'()+_,-./:=? ".utf8.contains(byte)
    }
  }
}
