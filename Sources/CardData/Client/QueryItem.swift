/// One `name=value` of a URL's query, in the manner of Moya's
/// `.requestParameters(_:encoding: URLEncoding.queryString)` and Get's `query:`. Held as
/// typed, never encoded: the pipeline encodes it when it builds the URL.
package struct QueryItem: Hashable, Sendable, CustomStringConvertible {
  package let name: String
  package let value: String

  package init(name: String, value: String) {
    self.name = name
    self.value = value
  }

  package var description: String { "\(name)=\(value)" }
}

extension [QueryItem] {
  /// `name=value` pairs joined by `&`, without the `?`, each name and value percent-encoded as
  /// UTF-8 except RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`): `q=이` is
  /// `q=%EC%9D%B4`, and a value's `+`, `&`, `=` or `#` is data (`%2B`, `%26`, `%3D`, `%23`),
  /// never a separator or, as a form would read `+`, a space.
  package var percentEncoded: String {
    map { Self.encoded($0.name) + "=" + Self.encoded($0.value) }.joined(separator: "&")
  }

  private static func encoded(_ text: String) -> String {
    var encoded = ""
    encoded.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        encoded += (byte < 16 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
      }
    }
    return encoded
  }
}
