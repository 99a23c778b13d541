import Foundation

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
