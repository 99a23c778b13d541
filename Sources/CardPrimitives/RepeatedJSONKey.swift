import Foundation

/// Finds a key that one JSON object names twice, such as `userId` in
/// `{"userId": "guest", "password": "guest", "userId": "demo"}`.
///
/// `JSONDecoder` silently keeps the first of the two values, while `JSONSerialization` (and
/// many a proxy) keeps the last, so two readers would disagree about what a body says (who is
/// signing in). Refusing such a body is the only answer that every reader agrees with
/// (RFC 8259 §4: names "SHOULD be unique").
///
/// Meant for a body that has already decoded as JSON: it does not validate, it only follows
/// strings and nesting, and on malformed input it still ends, in one pass, without trapping.
/// Keys are compared as `JSONDecoder` compares them: escapes decoded (`"user\u0049d"` is
/// `userId`), then as Swift strings, so canonically equivalent spellings are one key.
package enum RepeatedJSONKey {
  /// Arrays and objects nested deeper than this are refused; `JSONDecoder` refuses them too.
  package static let maximumDepth = 512

  package enum Problem: Error, Hashable, Sendable {
    /// The key as the decoder reads it, escapes decoded.
    case repeated(key: String)
    case tooDeep
  }

  /// An open array or object; an object's keys so far, and whether its next string is a key.
  private struct Frame {
    let isObject: Bool
    var expectsKey: Bool
    var keys: Set<String> = []
  }

  /// Throws the first key named twice in one object, in the order of the body.
  package static func check(_ json: Data) throws(Problem) {
    let bytes = [UInt8](json)
    var frames: [Frame] = []
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        let end = endOfString(in: bytes, openingAt: index)
        if let last = frames.indices.last, frames[last].expectsKey {
          frames[last].expectsKey = false
          let key = String(decoding: unescaped(bytes[(index + 1)..<end]), as: UTF8.self)
          guard frames[last].keys.insert(key).inserted else { throw .repeated(key: key) }
        }
        index = end
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard frames.count < maximumDepth else { throw .tooDeep }
        let isObject = bytes[index] == UInt8(ascii: "{")
        frames.append(Frame(isObject: isObject, expectsKey: isObject))
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        _ = frames.popLast()
      case UInt8(ascii: ","):
        if let last = frames.indices.last, frames[last].isObject { frames[last].expectsKey = true }
      default:
        break
      }
      index += 1
    }
  }

  /// The index of the quote that closes the string opened at `start`, or the end of the bytes.
  private static func endOfString(in bytes: [UInt8], openingAt start: Int) -> Int {
    var index = start + 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "\""): return index
      default: index += 1
      }
    }
    return bytes.count
  }

  /// The UTF-8 bytes a JSON string's contents stand for; an escape that is not valid JSON,
  /// or a lone surrogate, stands for U+FFFD.
  private static func unescaped(_ raw: ArraySlice<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    var index = raw.startIndex
    func hexValue(at position: Int) -> UInt32? {
      guard position + 4 <= raw.endIndex else { return nil }
      var value: UInt32 = 0
      for byte in raw[position..<(position + 4)] {
        guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    func append(_ scalar: Unicode.Scalar) { output += Array(String(scalar).utf8) }
    while index < raw.endIndex {
      let byte = raw[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < raw.endIndex else {
        output.append(byte)
        index += 1
        continue
      }
      let escape = raw[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        guard let unit = hexValue(at: index) else {
          append("\u{FFFD}")
          continue
        }
        index += 4
        if (0xD800..<0xDC00).contains(unit), index + 1 < raw.endIndex,
          raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u"),
          let low = hexValue(at: index + 2), (0xDC00..<0xE000).contains(low)
        {
          index += 6
          append(Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)) ?? "\u{FFFD}")
        } else {
          append(Unicode.Scalar(unit) ?? "\u{FFFD}")
        }
      default: output.append(escape)  // `"`, `\` and `/` stand for themselves
      }
    }
    return output
  }
}
