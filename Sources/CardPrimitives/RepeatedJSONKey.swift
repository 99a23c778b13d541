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
/// `userId`), then as Swift strings, so canonically equivalent spellings are one key. The
/// cost is linear in the body: every byte is looked at once or twice, and each key is
/// compared with the keys before it in its object, byte by byte while they are plain ASCII
/// and at most ``linearSearchLimit``, as strings through a set from then on.
package enum RepeatedJSONKey {
  /// Arrays and objects nested deeper than this are refused; `JSONDecoder` refuses them too.
  package static let maximumDepth = 512
  /// Objects with more keys than this are checked through a set.
  static let linearSearchLimit = 16

  package enum Problem: Error, Hashable, Sendable {
    /// The key as the decoder reads it, escapes decoded.
    case repeated(key: String)
    case tooDeep
  }

  /// Throws the first key named twice in one object, in the order of the body.
  package static func check(_ json: Data) throws(Problem) {
    let problem = json.withUnsafeBytes { bytes in
      var scanner = Scanner(bytes)
      return scanner.scan()
    }
    if let problem { throw problem }
  }

  private struct Frame {
    let isObject: Bool
    /// Whether the next string in this object is a key.
    var expectsKey: Bool
    /// Where this object's keys start in ``Scanner/keys``, while they are compared as bytes.
    let firstKey: Int
    /// This object's keys as strings, once one of them has an escape or a byte that is not
    /// ASCII (only then can two different spellings be one key), or there are more than
    /// ``linearSearchLimit``.
    var keySet: Set<String>?
  }

  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    var frames: [Frame] = []
    /// Where the keys of every object still open are in ``bytes``, innermost last, for the
    /// objects whose keys are compared as bytes.
    var keys: [Range<Int>] = []

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func scan() -> Problem? {
      var index = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          let end = endOfString(openingAt: index)
          if let last = frames.indices.last, frames[last].expectsKey {
            frames[last].expectsKey = false
            if let key = insert((index + 1)..<end, into: last) { return .repeated(key: key) }
          }
          index = end + 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          guard frames.count < maximumDepth else { return .tooDeep }
          let isObject = bytes[index] == UInt8(ascii: "{")
          frames.append(Frame(isObject: isObject, expectsKey: isObject, firstKey: keys.count))
          index += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          if let frame = frames.popLast() { keys.removeSubrange(frame.firstKey...) }
          index += 1
        case UInt8(ascii: ","):
          if let last = frames.indices.last, frames[last].isObject {
            frames[last].expectsKey = true
          }
          index += 1
        default:
          index += 1
        }
      }
      return nil
    }

    /// Adds the key at `range` to the object of `frames[frame]`; the key, as a string, when
    /// the object already has it.
    private mutating func insert(_ range: Range<Int>, into frame: Int) -> String? {
      if frames[frame].keySet == nil {
        let first = frames[frame].firstKey
        if isPlainASCII(range) {
          for earlier in keys[first...] where sameBytes(earlier, range) {
            return string(range)
          }
          keys.append(range)
          guard keys.count - first > linearSearchLimit else { return nil }
          frames[frame].keySet = Set(keys[first...].map { string($0) })
          keys.removeSubrange(first...)
          return nil
        }
        frames[frame].keySet = Set(keys[first...].map { string($0) })
        keys.removeSubrange(first...)
      }
      let key = string(range)
      return frames[frame].keySet!.insert(key).inserted ? nil : key
    }

    private func isPlainASCII(_ range: Range<Int>) -> Bool {
      !bytes[range].contains { $0 >= 0x80 || $0 == UInt8(ascii: "\\") }
    }

    private func sameBytes(_ one: Range<Int>, _ other: Range<Int>) -> Bool {
      guard one.count == other.count, let base = bytes.baseAddress else { return false }
      return memcmp(base + one.lowerBound, base + other.lowerBound, one.count) == 0
    }

    /// The key at `range` as `JSONDecoder` reads it, escapes decoded.
    private func string(_ range: Range<Int>) -> String {
      String(decoding: Self.unescaped(bytes[range]), as: UTF8.self)
    }

    /// The index of the quote that closes the string opened at `start`: the first quote
    /// after it with an even number of backslashes before it (the end of the bytes when there
    /// is none). Each byte is looked at at most twice.
    private func endOfString(openingAt start: Int) -> Int {
      guard let base = bytes.baseAddress else { return bytes.count }
      var from = start + 1
      while from < bytes.count {
        guard let found = memchr(base + from, Int32(UInt8(ascii: "\"")), bytes.count - from)
        else { break }
        let quote = base.distance(to: UnsafeRawPointer(found))
        var backslash = quote - 1
        while backslash > start, bytes[backslash] == UInt8(ascii: "\\") { backslash -= 1 }
        if (quote - 1 - backslash) % 2 == 0 { return quote }
        from = quote + 1
      }
      return bytes.count
    }

    /// The UTF-8 bytes a JSON string's contents stand for; an escape that is not valid JSON,
    /// or a lone surrogate, stands for U+FFFD.
    private static func unescaped(_ raw: Slice<UnsafeRawBufferPointer>) -> [UInt8] {
      var output: [UInt8] = []
      output.reserveCapacity(raw.count)
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
      func append(_ scalar: Unicode.Scalar) {
        output.append(contentsOf: Array(String(scalar).utf8))
      }
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
}
