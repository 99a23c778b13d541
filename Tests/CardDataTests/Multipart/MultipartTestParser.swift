import Foundation

/// A `multipart/form-data` parser written for the tests from RFC 7578 and RFC 2046 alone,
/// sharing no code with the encoder, so that round trips check the encoder against an
/// independent reading of the format. It is strict: it accepts exactly the framing the
/// standards describe, with no preamble or epilogue, and rejects anything else.
enum MultipartTestParser {
  /// One part as a receiver sees it.
  struct Part: Equatable {
    /// The unescaped `name` parameter.
    var name: String
    /// The unescaped `filename` parameter, if present.
    var filename: String?
    /// The `Content-Type` header, if present.
    var contentType: String?
    /// The part's bytes.
    var content: Data
  }

  /// Why a body or header could not be parsed.
  struct Failure: Error, CustomStringConvertible {
    /// What was wrong.
    let description: String
  }

  /// Parses `body` using the boundary named in `contentType`.
  static func parse(_ body: Data, contentType: String) throws -> [Part] {
    let boundary = try boundary(fromContentType: contentType)
    return try parse(Array(body), boundary: Array(boundary.utf8))
  }

  /// The `boundary` parameter of a `multipart/form-data` media type, quoted or not.
  static func boundary(fromContentType contentType: String) throws -> String {
    let pieces = contentType.split(separator: ";", omittingEmptySubsequences: false)
    guard let mediaType = pieces.first,
      mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "multipart/form-data"
    else { throw Failure(description: "not multipart/form-data: \(contentType)") }
    for parameter in pieces.dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2,
        pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary"
      else { continue }
      var value = pair[1].trimmingCharacters(in: .whitespaces)
      if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
        value = String(value.dropFirst().dropLast())
      }
      return value
    }
    throw Failure(description: "no boundary in \(contentType)")
  }

  private static let crlf = Array("\r\n".utf8)

  private static func parse(_ body: [UInt8], boundary: [UInt8]) throws -> [Part] {
    let dashBoundary = Array("--".utf8) + boundary
    if body == dashBoundary + Array("--".utf8) + crlf { return [] }
    guard body.starts(with: dashBoundary + crlf) else {
      throw Failure(description: "the body does not start with the first delimiter")
    }
    let delimiter = crlf + dashBoundary
    var parts: [Part] = []
    var position = dashBoundary.count + crlf.count
    while true {
      guard let end = body[position...].firstRange(of: delimiter) else {
        throw Failure(description: "part \(parts.count) has no closing delimiter")
      }
      parts.append(try parsePart(body[position..<end.lowerBound]))
      let rest = body[end.upperBound...]
      if rest.elementsEqual(Array("--".utf8) + crlf) { return parts }
      guard rest.starts(with: crlf) else {
        throw Failure(description: "a delimiter is followed by neither CRLF nor --CRLF")
      }
      position = end.upperBound + crlf.count
    }
  }

  private static func parsePart(_ bytes: ArraySlice<UInt8>) throws -> Part {
    guard let headerEnd = bytes.firstRange(of: crlf + crlf) else {
      throw Failure(description: "a part has no blank line after its headers")
    }
    var disposition: String?
    var contentType: String?
    for line in try headerLines(bytes[..<headerEnd.lowerBound]) {
      guard let colon = line.firstIndex(of: ":") else {
        throw Failure(description: "a header line has no colon: \(line)")
      }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      switch line[..<colon].lowercased() {
      case "content-disposition": disposition = value
      case "content-type": contentType = value
      default: throw Failure(description: "unexpected header: \(line)")
      }
    }
    guard let disposition else { throw Failure(description: "a part has no Content-Disposition") }
    let parameters = try dispositionParameters(disposition)
    guard let name = parameters["name"] else {
      throw Failure(description: "a Content-Disposition has no name")
    }
    return Part(
      name: name, filename: parameters["filename"], contentType: contentType,
      content: Data(bytes[headerEnd.upperBound...]))
  }

  private static func headerLines(_ bytes: ArraySlice<UInt8>) throws -> [String] {
    var lines: [String] = []
    var rest = bytes
    while let lineEnd = rest.firstRange(of: crlf) {
      lines.append(try utf8(rest[..<lineEnd.lowerBound]))
      rest = rest[lineEnd.upperBound...]
    }
    lines.append(try utf8(rest))
    return lines
  }

  /// The parameters of `form-data; name="…"; filename="…"`, unescaped. A quoted value ends
  /// at the next `"`, since the encoding escapes every `"` inside a value.
  private static func dispositionParameters(_ disposition: String) throws -> [String: String] {
    guard disposition.hasPrefix("form-data") else {
      throw Failure(description: "the disposition is not form-data: \(disposition)")
    }
    var parameters: [String: String] = [:]
    var rest = Substring(disposition.dropFirst("form-data".count))
    while !rest.isEmpty {
      guard rest.hasPrefix("; "), let equals = rest.firstIndex(of: "=") else {
        throw Failure(description: "malformed parameters: \(rest)")
      }
      let key = rest[rest.index(rest.startIndex, offsetBy: 2)..<equals].lowercased()
      rest = rest[rest.index(after: equals)...]
      guard rest.hasPrefix("\""), let close = rest.dropFirst().firstIndex(of: "\"") else {
        throw Failure(description: "the value of \(key) is not a quoted string")
      }
      parameters[key] = try unescape(String(rest[rest.index(after: rest.startIndex)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return parameters
  }

  /// Reverses the HTML form encoding's escapes in one pass: `%22` → `"`, `%0D` → CR,
  /// `%0A` → LF; any other `%` is literal.
  private static func unescape(_ value: String) throws -> String {
    let escapes: [String: UInt8] = ["22": 0x22, "0D": 0x0D, "0A": 0x0A]
    var input = Array(value.utf8)[...]
    var output: [UInt8] = []
    while let byte = input.popFirst() {
      if byte == UInt8(ascii: "%"), input.count >= 2,
        let escaped = escapes[String(decoding: input.prefix(2), as: UTF8.self).uppercased()]
      {
        output.append(escaped)
        input = input.dropFirst(2)
      } else {
        output.append(byte)
      }
    }
    return try utf8(output[...])
  }

  private static func utf8(_ bytes: ArraySlice<UInt8>) throws -> String {
    guard let string = String(bytes: bytes, encoding: .utf8) else {
      throw Failure(description: "a header is not valid UTF-8")
    }
    return string
  }
}
