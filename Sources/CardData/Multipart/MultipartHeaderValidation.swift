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
