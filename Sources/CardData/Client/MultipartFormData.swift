import Foundation

/// A `multipart/form-data` form (RFC 7578) as a value: a boundary (random by default) and
/// parts in the order they are sent. ``MultipartEncoder`` turns it into bytes.
public struct MultipartFormData: Hashable, Sendable {
  public let boundary: String
  public private(set) var parts: [MultipartPart] = []

  public init(boundary: String = MultipartFormData.randomBoundary()) {
    self.boundary = boundary
  }

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

  /// Appends a file part whose bytes stream from the file itself when the request is sent.
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
    let random = (0..<2).map { _ in UInt64.random(in: .min ... .max) }
    return "card-service.boundary." + String(format: "%016llx%016llx", random[0], random[1])
  }
}

/// One part of a ``MultipartFormData`` form; a file part has a `filename`.
public struct MultipartPart: Hashable, Sendable {
  public enum Content: Hashable, Sendable {
    case data(Data)
    /// A file, read by the transport as it sends the request.
    case file(URL)
  }

  public let name: String
  public let filename: String?
  public let contentType: String?
  public let content: Content

  public init(name: String, filename: String? = nil, contentType: String? = nil, content: Content) {
    self.name = name
    self.filename = filename
    self.contentType = contentType
    self.content = content
  }

  /// Loggers never print a file part's bytes.
  public var isFile: Bool { filename != nil }
}
