/// A URL path held as segments, so that each is percent-encoded on its own and an id such as
/// `a/b` stays one segment (`a%2Fb`), and an id `..` stays data (`%2E%2E`).
public struct RequestPath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The unencoded segments.
  public let segments: [String]

  /// Creates a path from unencoded segments.
  public init(_ segments: [String]) { self.segments = segments }

  /// Creates a fixed path such as `"/cards"`, split at each `/`.
  public init(stringLiteral value: String) {
    segments = value.split(separator: "/").map(String.init)
  }

  /// The path with each segment percent-encoded, starting with `/`.
  public var percentEncoded: String {
    "/" + segments.map(Self.encode).joined(separator: "/")
  }

  /// The percent-encoded path.
  public var description: String { percentEncoded }

  private static let allowedBytes = Set(
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "abcdefghijklmnopqrstuvwxyz" + "0123456789-._~!$&'()*+,;=:@")
      .utf8
  )

  /// Percent-encodes everything but RFC 3986's unreserved characters and the sub-delimiters
  /// and `:`/`@` that a path segment may hold unencoded.
  private static func encode(_ segment: String) -> String {
    // `.` and `..` mean "this" and "parent" to every URL resolver: keep them data.
    if !segment.isEmpty && segment.allSatisfy({ $0 == "." }) {
      return String(repeating: "%2E", count: segment.count)
    }
    var encoded = ""
    for byte in segment.utf8 {
      if allowedBytes.contains(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return encoded
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: Swift.max(0, width - count)) + self
  }
}
