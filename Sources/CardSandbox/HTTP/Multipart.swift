import Foundation

/// A `Content-Type` value: `type/subtype` and its parameters.
struct MediaType: Sendable {
  /// `type/subtype`, lowercased, such as `multipart/form-data`.
  let essence: String
  /// The parameters by lowercased name, such as `boundary`.
  let parameters: [String: String]

  static let json = "application/json"
  static let formData = "multipart/form-data"

  /// `nil` when `text` is not `type/subtype` with well-formed parameters.
  init?(_ text: String) {
    guard let header = try? ParameterizedHeader(text) else { return nil }
    let parts = header.value.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
      return nil
    }
    essence = header.value.lowercased()
    parameters = header.parameters
  }
}

/// A header value of the form `value; name=token; name="quoted string"`, as `Content-Type`
/// and a part's `Content-Disposition` are written.
///
/// A quoted string runs to the next `"`; a backslash in it is kept as it is. No parameter
/// the sandbox reads needs a quoted pair: a boundary cannot contain `\` or `"`, and form-data
/// names and file names escape `"` as `%22` (RFC 7578 §2, as browsers and curl send them).
struct ParameterizedHeader: Sendable {
  typealias Malformed = MultipartParser.Malformed

  /// The part before the first `;`, trimmed.
  let value: String
  /// The parameters by lowercased name.
  let parameters: [String: String]

  /// Fails on an unterminated quote, a parameter without `=` or a repeated
  /// parameter. Empty parameters (`a;;b=c`, a trailing `;`) are skipped.
  init(_ text: String) throws(Malformed) {
    var rest = Substring(text)
    value = Self.trim(Self.take(from: &rest, until: { $0 == ";" }))
    var parameters: [String: String] = [:]
    while rest.popFirst() != nil {  // the ";"
      let name = Self.trim(Self.take(from: &rest, until: { $0 == "=" || $0 == ";" })).lowercased()
      guard rest.first == "=" else {
        if name.isEmpty { continue }
        throw Malformed(reason: "the parameter \(name) has no value")
      }
      rest.removeFirst()  // the "="
      rest = rest.drop { $0 == " " || $0 == "\t" }
      let parameterValue: String
      if rest.first == "\"" {
        rest.removeFirst()
        guard let end = rest.firstIndex(of: "\"") else {
          throw Malformed(reason: "the quoted value of \(name) is not closed")
        }
        parameterValue = String(rest[..<end])
        rest = rest[rest.index(after: end)...]
        guard Self.trim(Self.take(from: &rest, until: { $0 == ";" })).isEmpty else {
          throw Malformed(reason: "text follows the quoted value of \(name)")
        }
      } else {
        parameterValue = Self.trim(Self.take(from: &rest, until: { $0 == ";" }))
      }
      guard !name.isEmpty else { throw Malformed(reason: "a parameter has no name") }
      guard parameters.updateValue(parameterValue, forKey: name) == nil else {
        throw Malformed(reason: "the parameter \(name) appears more than once")
      }
    }
    self.parameters = parameters
  }

  /// Removes and returns the characters before the first one that `isDelimiter`, leaving
  /// the delimiter at the front of `rest`.
  private static func take(from rest: inout Substring, until isDelimiter: (Character) -> Bool)
    -> Substring
  {
    let end = rest.firstIndex(where: isDelimiter) ?? rest.endIndex
    defer { rest = rest[end...] }
    return rest[..<end]
  }

  private static func trim(_ text: Substring) -> String {
    text.trimmingCharacters(in: .whitespaces)
  }
}

/// One part of a `multipart/form-data` body.
struct FormDataPart: Sendable, Equatable {
  /// The field name from `Content-Disposition`, with `%22`, `%0D` and `%0A` decoded.
  let name: String
  /// Present on file parts, decoded like ``name``.
  let filename: String?
  let contentType: String?
  let body: Data
}

/// Reads a `multipart/form-data` body (RFC 7578 on the framing of RFC 2046 §5.1.1).
///
/// The body is a preamble (ignored), then parts each introduced by `--boundary CRLF`, then
/// `--boundary--` and an epilogue (ignored). Each part is header lines, an empty line and
/// the bytes up to `CRLF --boundary`. Lines end in CRLF; a bare LF is not a line end.
enum MultipartParser {
  struct Malformed: Error, Sendable {
    /// What is wrong, as a phrase.
    let reason: String
  }

  /// The `boundary` parameter of a `multipart/form-data` type, checked against RFC 2046:
  /// 1 to 70 characters from its set, not ending in a space.
  static func boundary(of type: MediaType) throws(Malformed) -> String {
    guard let boundary = type.parameters["boundary"] else {
      throw Malformed(reason: "the Content-Type has no boundary parameter")
    }
    let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ")
    guard (1...70).contains(boundary.count), boundary.allSatisfy(allowed.contains),
      boundary.last != " "
    else {
      throw Malformed(reason: "the boundary \"\(boundary)\" is not a valid RFC 2046 boundary")
    }
    return boundary
  }

  static func parts(of body: Data, boundary: String) throws(Malformed) -> [FormDataPart] {
    let dashBoundary = Data("--\(boundary)".utf8)
    let delimiter = crlf + dashBoundary
    var position: Data.Index
    if body.starts(with: dashBoundary) {
      position = body.startIndex + dashBoundary.count
    } else if let first = body.range(of: delimiter) {
      position = first.upperBound
    } else {
      throw Malformed(reason: "the body does not contain the boundary")
    }
    var parts: [FormDataPart] = []
    while true {
      if body[position...].starts(with: Data("--".utf8)) { return parts }  // the close delimiter
      position = try skipPaddingAndLineEnd(in: body, from: position)
      guard let next = body.range(of: delimiter, in: position..<body.endIndex) else {
        throw Malformed(reason: "the body ends without its closing boundary")
      }
      parts.append(try part(body[position..<next.lowerBound]))
      position = next.upperBound
    }
  }

  private static let crlf = Data("\r\n".utf8)

  /// The position after the spaces, tabs and CRLF that end a boundary line.
  private static func skipPaddingAndLineEnd(in body: Data, from start: Data.Index)
    throws(Malformed) -> Data.Index
  {
    let padding = body[start...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    guard body[padding.endIndex...].starts(with: crlf) else {
      throw Malformed(reason: "a boundary line is followed by text")
    }
    return padding.endIndex + crlf.count
  }

  /// One part: header lines, an empty line, the bytes.
  private static func part(_ bytes: Data) throws(Malformed) -> FormDataPart {
    let headerBlock: Data
    let content: Data
    if bytes.starts(with: crlf) {
      headerBlock = Data()
      content = bytes.dropFirst(crlf.count)
    } else if let end = bytes.range(of: crlf + crlf) {
      headerBlock = bytes[..<end.lowerBound]
      content = bytes[end.upperBound...]
    } else {
      throw Malformed(reason: "a part has no empty line after its headers")
    }
    let headers = try headerFields(headerBlock)
    guard let disposition = headers["content-disposition"] else {
      throw Malformed(reason: "a part has no Content-Disposition header")
    }
    let parsed: ParameterizedHeader
    do throws(ParameterizedHeader.Malformed) {
      parsed = try ParameterizedHeader(disposition)
    } catch {
      throw Malformed(reason: "a part's Content-Disposition is malformed: \(error.reason)")
    }
    guard parsed.value.lowercased() == "form-data" else {
      throw Malformed(reason: "a part's Content-Disposition is \(parsed.value), not form-data")
    }
    guard let name = parsed.parameters["name"] else {
      throw Malformed(reason: "a part's Content-Disposition has no name")
    }
    return FormDataPart(
      name: unescaped(name), filename: parsed.parameters["filename"].map(unescaped),
      contentType: headers["content-type"], body: Data(content))
  }

  /// The header fields of a part by lowercased name; a repeated field is malformed.
  private static func headerFields(_ block: Data) throws(Malformed) -> [String: String] {
    guard let text = String(validating: block, as: UTF8.self) else {
      throw Malformed(reason: "a part's headers are not valid UTF-8")
    }
    var fields: [String: String] = [:]
    guard !text.isEmpty else { return fields }
    for line in text.split(separator: "\r\n", omittingEmptySubsequences: false) {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
        !line[..<colon].contains(where: \.isWhitespace)
      else { throw Malformed(reason: "a part has the malformed header line \"\(line)\"") }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      guard fields.updateValue(value, forKey: name) == nil else {
        throw Malformed(reason: "a part repeats its \(name) header")
      }
    }
    return fields
  }

  /// A form-data name with the escapes of RFC 7578 §2 and HTML forms decoded: `%22` to `"`,
  /// `%0D` to CR and `%0A` to LF. Any other `%` is kept as it is.
  private static func unescaped(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      let code = rest[percent...].dropFirst().prefix(2)
      switch code.uppercased() {
      case "22": result += "\""
      case "0D": result += "\r"
      case "0A": result += "\n"
      default:
        result += "%"
        rest = rest[rest.index(after: percent)...]
        continue
      }
      rest = rest[code.endIndex...]
    }
    return result + rest
  }
}
