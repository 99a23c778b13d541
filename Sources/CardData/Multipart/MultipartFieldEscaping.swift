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
