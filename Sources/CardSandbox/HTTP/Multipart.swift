import CardPrimitives
import Foundation

/// A `Content-Type` value: `type/subtype` (the essence, lowercased) and its parameters by
/// lowercased name.
struct MediaType: Sendable {
  let essence: String
  let parameters: [String: String]

  static let json = "application/json"
  static let formData = "multipart/form-data"

  init?(_ text: String) {
    guard let header = try? ParameterizedHeader(text) else { return nil }
    let parts = header.value.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
      return nil
    }
    essence = header.value.lowercased()
    parameters = header.parameters
  }

  /// The request's media type when its essence is `essence`; `415` naming what was sent.
  static func required(_ essence: String, in request: SandboxRequest) throws(APIError)
    -> MediaType
  {
    let sent = request.headers["Content-Type"]
    guard let sent, let type = MediaType(sent), type.essence == essence else {
      let what = sent.map { "not \($0)" } ?? "but the request has none"
      throw .unsupportedMediaType("the Content-Type must be \(essence), \(what)")
    }
    return type
  }
}

/// A header value of the form `value; name=token; name="quoted string"`, as `Content-Type`
/// and `Content-Disposition` are written. A quoted string runs to the next `"`, backslashes
/// kept: no parameter the sandbox reads needs a quoted pair (a boundary cannot contain `\` or
/// `"`, and form-data names escape `"` as `%22`, RFC 7578 §2). Empty parameters are skipped;
/// an unterminated quote, a parameter without `=` or a repeated one is malformed.
struct ParameterizedHeader: Sendable {
  typealias Malformed = MultipartParser.Malformed

  let value: String
  let parameters: [String: String]

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

  /// Removes and returns what comes before the delimiter, which stays at the front of `rest`.
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

/// One part of a `multipart/form-data` body; `name` and `filename` have `%22`, `%0D` and
/// `%0A` decoded.
struct FormDataPart: Sendable, Equatable {
  let name: String
  let filename: String?
  let contentType: String?
  let body: Data
}

/// Reads a `multipart/form-data` body (RFC 7578 on the framing of RFC 2046 §5.1.1): a
/// preamble and an epilogue (ignored) around parts each introduced by `--boundary CRLF`, each
/// header lines, an empty line and the bytes up to `CRLF --boundary`. A bare LF is not a line
/// end.
enum MultipartParser {
  struct Malformed: Error, Sendable {
    let reason: String
  }

  /// The `boundary` parameter, checked against RFC 2046: 1 to 70 characters from its set,
  /// not ending in a space.
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

  /// A part's header fields by lowercased name; a repeated field is malformed.
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

  /// Decodes the escapes of RFC 7578 §2 and HTML forms, `%22`, `%0D` and `%0A`, in either
  /// case; any other `%` is kept as it is. No replacement writes a character of an escape, so
  /// the order does not matter.
  private static func unescaped(_ text: String) -> String {
    [("%22", "\""), ("%0D", "\r"), ("%0A", "\n")].reduce(text) { text, escape in
      text.replacingOccurrences(of: escape.0, with: escape.1, options: .caseInsensitive)
    }
  }
}
