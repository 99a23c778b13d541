import CardPrimitives
import Foundation

/// Short, quote-free descriptions of a reply that could not be read, for `pathErr` reasons.
/// They name the shape and the coding path, never the body's text, so no token leaks.
enum ReplyShape {
  /// Why a 2xx body is not the envelope, such as `an empty body`, `a blank body of 4 bytes`
  /// (JSON whitespace only), `HTML or XML (1532 bytes)`, `a JSON array`, or `a JSON object:
  /// missing 'success' at the top level`.
  static func describeNonEnvelope(_ body: Data, _ error: any Error) -> String {
    guard let first = firstSignificantByte(of: body) else { return describeBlank(body) }
    let decodingError = error as? DecodingError
    if case .dataCorrupted(let context) = decodingError, context.codingPath.isEmpty {
      let kind = first == UInt8(ascii: "<") ? "HTML or XML" : "not JSON"
      return "\(kind) (\(body.count) bytes)"
    }
    if first != UInt8(ascii: "{") { return "a JSON \(jsonKind(startingWith: first))" }
    return "a JSON object: \(describe(error))"
  }

  /// A decoding failure as `what` at `where`, such as `missing 'name' at data[1]` or
  /// `expected String at data.mbti`.
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "unreadable" }
    switch error {
    case .typeMismatch(let type, let context):
      return "expected \(type) at \(path(context.codingPath))"
    case .valueNotFound(let type, let context):
      return "null where \(type) is expected at \(path(context.codingPath))"
    case .keyNotFound(let key, let context):
      return "missing '\(key.stringValue)' at \(path(context.codingPath))"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "not valid JSON" : "invalid value at \(path(context.codingPath))"
    @unknown default:
      return "undecodable"
    }
  }

  /// A body that names a key twice in one object, such as `the key data appears more than
  /// once in one object`: the key, cut to 100 characters, never a value.
  static func describe(_ problem: RepeatedJSONKey.Problem) -> String {
    switch problem {
    case .repeated(let key):
      "the key \(key.truncated(to: 100)) appears more than once in one object"
    case .tooDeep: "nested more than \(RepeatedJSONKey.maximumDepth) levels deep"
    }
  }

  /// Where in the body a decoding failure happened; empty for the top level or another error.
  static func codingPath(of error: any Error) -> [any CodingKey] {
    switch error as? DecodingError {
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .keyNotFound(_, let context), .dataCorrupted(let context):
      context.codingPath
    default:
      []
    }
  }

  /// A server message cut to 100 characters, quoted.
  static func excerpt(of message: String) -> String { "\"\(message.truncated(to: 100))\"" }

  private static func path(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "the top level" }
    return codingPath.reduce("") { text, key in
      if let index = key.intValue {
        text + "[\(index)]"
      } else {
        text + (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
  }

  /// The body's first byte that is not JSON whitespace; `nil` for an empty or blank body.
  static func firstSignificantByte(of body: Data) -> UInt8? {
    body.withUnsafeBytes { bytes in bytes.first { !isJSONWhitespace($0) } }
  }

  /// `an empty body`, or `a blank body of 4 bytes` for one of JSON whitespace only.
  static func describeBlank(_ body: Data) -> String {
    body.isEmpty ? "an empty body" : "a blank body of \(body.count) bytes"
  }

  /// Space, tab, line feed or carriage return (RFC 8259 §2).
  private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func jsonKind(startingWith byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "["): "array"
    case UInt8(ascii: "\""): "string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): "boolean"
    case UInt8(ascii: "n"): "null"
    default: "number"
    }
  }

  /// The standard reason phrase of a client error (RFC 9110 §15.5), lowercased to read as a
  /// message; `HTTP <status>` for a code without one. Used when a 4xx body has no message.
  static func phrase(forStatus status: Int) -> String {
    phrases[status] ?? "HTTP \(status)"
  }

  private static let phrases: [Int: String] = [
    400: "bad request", 401: "unauthorized", 402: "payment required", 403: "forbidden",
    404: "not found", 405: "method not allowed", 406: "not acceptable",
    407: "proxy authentication required", 408: "request timeout", 409: "conflict",
    410: "gone", 411: "length required", 412: "precondition failed", 413: "content too large",
    414: "URI too long", 415: "unsupported media type", 416: "range not satisfiable",
    417: "expectation failed", 421: "misdirected request", 422: "unprocessable content",
    426: "upgrade required", 428: "precondition required", 429: "too many requests",
    431: "request header fields too large", 451: "unavailable for legal reasons",
  ]
}

extension String {
  /// The string cut to at most `maximum` characters, the last of them `…` when it was cut,
  /// so that a value quoted in a reason cannot flood a log. It walks at most `maximum`
  /// characters, however long the string.
  func truncated(to maximum: Int) -> String {
    guard let end = index(startIndex, offsetBy: maximum, limitedBy: endIndex), end < endIndex
    else { return self }
    return "\(prefix(max(0, maximum - 1)))…"
  }
}
