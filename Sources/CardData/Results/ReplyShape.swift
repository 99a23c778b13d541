import Foundation

/// Short, quote-free descriptions of a reply that could not be read, for `pathErr` reasons.
/// They name the shape and the coding path, never the body's text, so no token leaks.
enum ReplyShape {
  /// The longest excerpt of a server message quoted in a reason.
  static let excerptLength = 100

  /// Why a 2xx body is not the envelope, such as `an empty body`, `HTML or XML (1532 bytes)`,
  /// `a JSON array`, or `a JSON object: missing 'success' at the top level`.
  static func describeNonEnvelope(_ body: Data, _ error: any Error) -> String {
    guard let first = body.first(where: { !Self.isWhitespace($0) }) else { return "an empty body" }
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

  /// A server message cut to ``excerptLength`` characters, quoted.
  static func excerpt(of message: String) -> String {
    "\"\(message.truncated(to: excerptLength))\""
  }

  private static func path(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "the top level" }
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
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

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    [0x20, 0x09, 0x0A, 0x0D].contains(byte)
  }
}
