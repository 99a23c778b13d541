import CardPrimitives
import Foundation

/// A header value of the form `value; name=token; name="quoted string"`, as `Content-Type`
/// and `Content-Disposition` are written; parameter names are lowercased. A quoted string
/// runs to the next `"`, backslashes kept: no parameter the sandbox reads needs a quoted pair
/// (a boundary cannot contain `\` or `"`, and form-data names escape `"` as `%22`, RFC 7578 §2).
struct ParameterizedHeader: Sendable {
  typealias Malformed = MultipartParser.Malformed

  let value: String
  let parameters: [String: String]

  /// Empty parameters are skipped; an unterminated quote, a parameter without `=` or a
  /// repeated one is malformed.
  init(_ text: String) throws(Malformed) {
    var rest = Substring(text)
    value = Self.take(from: &rest, until: ";")
    var parameters: [String: String] = [:]
    while rest.popFirst() != nil {  // the ";"
      let name = Self.take(from: &rest, until: "=;").lowercased()
      guard rest.first == "=" else {
        if name.isEmpty { continue }
        throw Malformed(reason: "the parameter \(name) has no value")
      }
      rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
      let parameterValue: String
      if rest.first == "\"" {
        rest.removeFirst()
        guard let end = rest.firstIndex(of: "\"") else {
          throw Malformed(reason: "the quoted value of \(name) is not closed")
        }
        parameterValue = String(rest[..<end])
        rest = rest[rest.index(after: end)...]
        guard Self.take(from: &rest, until: ";").isEmpty else {
          throw Malformed(reason: "text follows the quoted value of \(name)")
        }
      } else {
        parameterValue = Self.take(from: &rest, until: ";")
      }
      guard !name.isEmpty else { throw Malformed(reason: "a parameter has no name") }
      guard parameters.updateValue(parameterValue, forKey: name) == nil else {
        throw Malformed(reason: "the parameter \(name) appears more than once")
      }
    }
    self.parameters = parameters
  }

  /// The request's `Content-Type` when its value is `essence` in any case; `415` naming what
  /// was sent.
  static func contentType(_ essence: String, of request: SandboxRequest) throws(APIError)
    -> ParameterizedHeader
  {
    let sent = request.headers["Content-Type"]
    guard let sent, let type = try? Self(sent), type.value.lowercased() == essence else {
      let what = sent.map { "not \($0)" } ?? "but the request has none"
      throw .unsupportedMediaType("the Content-Type must be \(essence), \(what)")
    }
    return type
  }

  /// Removes what comes before the first of `delimiters`, which stays at the front of `rest`,
  /// and returns it trimmed.
  private static func take(from rest: inout Substring, until delimiters: String) -> String {
    let end = rest.firstIndex(where: delimiters.contains) ?? rest.endIndex
    defer { rest = rest[end...] }
    return rest[..<end].trimmingCharacters(in: .whitespaces)
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

/// Reads a `multipart/form-data` body (RFC 7578 on the framing of RFC 2046 §5.1.1): parts
/// each introduced by `--boundary`, optional padding and CRLF, then header lines, an empty
/// line and the bytes up to `CRLF --boundary`. A bare LF is not a line end.
enum MultipartParser {
  struct Malformed: Error, Sendable, Equatable {
    let reason: String
  }

  /// The `boundary` parameter, checked against RFC 2046: 1 to 70 characters from its set,
  /// not ending in a space.
  static func boundary(of type: ParameterizedHeader) throws(Malformed) -> String {
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

  /// The most parts a body may have. A valid card form has at most 12 (eight text fields,
  /// three TMIs and the image, each at most once); the margin lets a form with a few
  /// repeated or unknown fields be refused for what is wrong with them, and the bound keeps
  /// the work of one body small whatever it holds.
  static let maximumPartCount = 32

  /// The preamble before the first boundary and the epilogue after the closing one are
  /// ignored. A body with more than ``maximumPartCount`` parts is refused at the first part
  /// over the limit, before anything after its delimiter is read. Linear in the body's size:
  /// each byte is searched once for the next delimiter.
  static func parts(of body: Data, boundary: String) throws(Malformed) -> [FormDataPart] {
    let dashBoundary = Data("--\(boundary)".utf8)
    let delimiter = crlf + dashBoundary
    // Only a delimiter that opens the body has no CRLF before it.
    let opening =
      body.starts(with: dashBoundary)
      ? body.prefix(dashBoundary.count).indices
      : firstRange(of: delimiter, in: body, from: body.startIndex)
    guard var position = opening?.upperBound else {
      throw Malformed(reason: "the body does not contain the boundary")
    }
    var parts: [FormDataPart] = []
    while !body[position...].starts(with: Data("--".utf8)) {  // the close delimiter
      guard parts.count < maximumPartCount else {
        throw Malformed(
          reason: "the body has more than \(maximumPartCount) parts, the most a form may have")
      }
      let padding = body[position...].prefix { " \t".utf8.contains($0) }
      guard body[padding.endIndex...].starts(with: crlf) else {
        throw Malformed(reason: "a boundary line is followed by text")
      }
      position = padding.endIndex + crlf.count
      guard let next = firstRange(of: delimiter, in: body, from: position) else {
        throw Malformed(reason: "the body ends without its closing boundary")
      }
      parts.append(try part(body[position..<next.lowerBound]))
      position = next.upperBound
    }
    return parts
  }

  private static let crlf = Data("\r\n".utf8)

  /// The first occurrence of `pattern` in `data` at or after `start`, in `data`'s indices.
  /// Each candidate is found by `memchr` for the pattern's first byte and compared with
  /// `memcmp`: with a pattern of at most 74 bytes (CRLF, `--` and a boundary), linear in
  /// the bytes searched.
  static func firstRange(of pattern: Data, in data: Data, from start: Data.Index) -> Range<
    Data.Index
  >? {
    guard let first = pattern.first else { return start..<start }
    return data[start...].withUnsafeBytes { (haystack: UnsafeRawBufferPointer) -> Range<Int>? in
      pattern.withUnsafeBytes { (needle: UnsafeRawBufferPointer) -> Range<Int>? in
        guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else {
          return nil
        }
        var offset = 0
        while haystack.count - offset >= needle.count {
          guard
            let found = memchr(
              base + offset, Int32(first), haystack.count - offset - needle.count + 1)
          else { return nil }
          let at = base.distance(to: UnsafeRawPointer(found))
          if memcmp(base + at, needleBase, needle.count) == 0 {
            return (start + at)..<(start + at + needle.count)
          }
          offset = at + 1
        }
        return nil
      }
    }
  }

  private static func part(_ bytes: Data) throws(Malformed) -> FormDataPart {
    // The empty line after the header lines, which opens a part that has none.
    let empty =
      bytes.starts(with: crlf)
      ? bytes.prefix(2).indices : firstRange(of: crlf + crlf, in: bytes, from: bytes.startIndex)
    guard let empty else {
      throw Malformed(reason: "a part has no empty line after its headers")
    }
    let headers = try headerFields(bytes[..<empty.lowerBound])
    guard let disposition = headers["content-disposition"] else {
      throw Malformed(reason: "a part has no Content-Disposition header")
    }
    let parsed: ParameterizedHeader
    do throws(Malformed) {
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
      contentType: headers["content-type"], body: Data(bytes[empty.upperBound...]))
  }

  /// A part's header fields by lowercased name; a repeated field is malformed.
  private static func headerFields(_ block: Data) throws(Malformed) -> [String: String] {
    guard let text = String(validating: block, as: UTF8.self) else {
      throw Malformed(reason: "a part's headers are not valid UTF-8")
    }
    var fields: [String: String] = [:]
    for line in text.split(separator: "\r\n") {
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
  /// case; any other `%` is kept. No replacement writes a character of an escape, so the
  /// order does not matter.
  private static func unescaped(_ text: String) -> String {
    [("%22", "\""), ("%0D", "\r"), ("%0A", "\n")].reduce(text) { text, escape in
      text.replacingOccurrences(of: escape.0, with: escape.1, options: .caseInsensitive)
    }
  }
}
