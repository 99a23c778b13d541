/// A request target split into decoded path segments; the query is read by no endpoint and
/// is dropped.
struct RequestTarget: Sendable, Equatable {
  /// The path as sent, without the query and the fragment, for messages.
  let path: String
  /// The path segments, percent-decoded one by one, so an encoded `/` (`%2F`) stays inside
  /// its segment. `/card/c1` is `["card", "c1"]`; `/` is `[]`.
  let segments: [String]

  /// Splits and decodes `target`; fails when it does not start with `/`, has an empty
  /// segment (`//`, a trailing `/`) or a bad percent escape.
  init(_ target: String) throws(APIError) {
    let pathPart = target.prefix { $0 != "?" && $0 != "#" }
    guard pathPart.first == "/" else {
      throw .badRequest("the request path must start with /")
    }
    path = String(pathPart)
    let rawSegments = pathPart.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    if rawSegments == [""] {
      segments = []
      return
    }
    var segments: [String] = []
    for raw in rawSegments {
      guard !raw.isEmpty else { throw .notFound("no resource at \(pathPart)") }
      guard let decoded = Self.percentDecoded(raw) else {
        throw .badRequest("the request path \(pathPart) has an invalid percent escape")
      }
      segments.append(decoded)
    }
    self.segments = segments
  }

  /// `%XX` escapes decoded as UTF-8; `nil` on a malformed escape or invalid UTF-8.
  private static func percentDecoded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var utf8 = text.utf8[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      let hex = utf8.prefix(2)
      guard hex.count == 2, hex.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
        let value = UInt8(String(decoding: hex, as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(value)
      utf8 = utf8.dropFirst(2)
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
