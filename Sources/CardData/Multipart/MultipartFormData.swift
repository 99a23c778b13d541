import Foundation

/// A `multipart/form-data` form (RFC 7578) as a value: a boundary and parts in order.
/// ``MultipartEncoder`` turns it into bytes.
public struct MultipartFormData: Hashable, Sendable {
  /// The delimiter between parts; random by default.
  public let boundary: String
  /// The parts in the order they are sent.
  public private(set) var parts: [MultipartPart] = []

  /// Creates an empty form.
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
