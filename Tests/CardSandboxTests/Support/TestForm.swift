import Foundation

/// A `multipart/form-data` body written by hand, the way a client frames it.
struct TestForm {
  /// The boundary.
  var boundary = "test-boundary-8c1f"
  /// Each part's header lines and bytes.
  var parts: [(headers: [String], body: Data)] = []

  /// A form with `card.name` and `card.defaultImage`, the required fields.
  static func minimal(name: String = "Lee Jiwoo", defaultImage: String = "1") -> TestForm {
    var form = TestForm()
    form.field("card.name", name)
    form.field("card.defaultImage", defaultImage)
    return form
  }

  /// Adds a text field.
  mutating func field(_ name: String, _ value: String) {
    parts.append(([#"Content-Disposition: form-data; name="\#(name)""#], Data(value.utf8)))
  }

  /// Adds a file part; `filename` is written as given, already escaped.
  mutating func file(
    _ name: String, filename: String, contentType: String?, bytes: Data
  ) {
    var headers = [#"Content-Disposition: form-data; name="\#(name)"; filename="\#(filename)""#]
    if let contentType { headers.append("Content-Type: \(contentType)") }
    parts.append((headers, bytes))
  }

  /// `multipart/form-data; boundary=…`.
  var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// The framed body.
  var body: Data {
    var body = Data()
    for part in parts {
      body.append(Data("--\(boundary)\r\n".utf8))
      for header in part.headers { body.append(Data("\(header)\r\n".utf8)) }
      body.append(Data("\r\n".utf8))
      body.append(part.body)
      body.append(Data("\r\n".utf8))
    }
    body.append(Data("--\(boundary)--\r\n".utf8))
    return body
  }
}

/// Image bytes that start with the right signatures.
enum SampleImages {
  /// A PNG signature and padding, `count` bytes in all.
  static func png(count: Int = 64) -> Data {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    return Data(signature + [UInt8](repeating: 0, count: max(0, count - signature.count)))
  }

  /// A JPEG signature and padding, `count` bytes in all.
  static func jpeg(count: Int = 64) -> Data {
    let signature: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
    return Data(signature + [UInt8](repeating: 0, count: max(0, count - signature.count)))
  }
}
