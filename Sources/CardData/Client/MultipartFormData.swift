import Foundation

/// A `multipart/form-data` form (RFC 7578) as a value: a boundary (random by default) and
/// parts in the order they are sent. ``MultipartEncoder`` turns it into bytes.
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

  package init(name: String, filename: String? = nil, contentType: String? = nil, content: Content) {
    self.name = name
    self.filename = filename
    self.contentType = contentType
    self.content = content
  }

  /// Loggers never print a file part's bytes.
  package var isFile: Bool { filename != nil }
}
