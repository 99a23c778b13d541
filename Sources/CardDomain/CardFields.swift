import Foundation

/// The server's identifier of a card: opaque to the client, compared and sent back, never
/// parsed. Never empty.
public struct CardID: Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(_ rawValue: String) throws(ValidationError) {
    guard !rawValue.isEmpty else { throw .emptyCardID }
    self.rawValue = rawValue
  }

  public var description: String { rawValue }
}

/// A Myers–Briggs type such as `INFP`: four letters, one from each pair E/I, S/N, T/F and
/// J/P. Lowercase input is accepted and normalised to uppercase.
public struct MBTI: Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  /// The two letters of each axis, as ASCII bytes.
  private static let axes = ["EI", "SN", "TF", "JP"].map { Array($0.utf8) }

  public init(_ rawValue: String) throws(ValidationError) {
    let letters = rawValue.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
    guard letters.count == Self.axes.count,
      zip(letters, Self.axes).allSatisfy({ letter, axis in axis.contains(letter) })
    else { throw .invalidMBTI(rawValue) }
    self.rawValue = String(decoding: letters, as: UTF8.self)
  }

  public var description: String { rawValue }
}

/// A real calendar date (years 1...9999, leap years included) without a time zone, written
/// `YYYY-MM-DD` on the wire and in ``description``.
public struct Birthday: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  public init(year: Int, month: Int, day: Int) throws(ValidationError) {
    guard Self.isValid(year: year, month: month, day: day) else {
      throw .invalidBirthday(Self.format(year: year, month: month, day: day))
    }
    (self.year, self.month, self.day) = (year, month, day)
  }

  /// Parses exactly `YYYY-MM-DD` (four, two and two ASCII digits) and validates the date.
  public init(_ text: String) throws(ValidationError) {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      Self.isValid(year: year, month: month, day: day)
    else { throw .invalidBirthday(text) }
    (self.year, self.month, self.day) = (year, month, day)
  }

  public var description: String { Self.format(year: year, month: month, day: day) }

  public static func < (lhs: Birthday, rhs: Birthday) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  private static func format(year: Int, month: Int, day: Int) -> String {
    String(format: "%04d-%02d-%02d", year, month, day)
  }

  private static func isValid(year: Int, month: Int, day: Int) -> Bool {
    let days =
      switch month {
      case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
      case 4, 6, 9, 11: 30
      default: 31
      }
    return (1...9999).contains(year) && (1...12).contains(month) && (1...days).contains(day)
  }
}

/// One of the six built-in card pictures, numbered 0...5.
public struct DefaultImage: Hashable, Sendable, CustomStringConvertible {
  public static let range = 0...5

  public let index: Int

  public init(_ index: Int) throws(ValidationError) {
    guard Self.range.contains(index) else { throw .defaultImageOutOfRange(index) }
    self.index = index
  }

  /// The picture a draft gets when it names none.
  public static let first = DefaultImage(unchecked: 0)

  private init(unchecked index: Int) { self.index = index }

  public var description: String { String(index) }
}

/// A card's "too much information" lines: at most three, none of them blank.
public struct TMIList: Hashable, Sendable, RandomAccessCollection {
  public static let maximumCount = 3

  public let lines: [String]

  public init(_ lines: [String]) throws(ValidationError) {
    guard lines.count <= Self.maximumCount else { throw .tooManyTMIs(count: lines.count) }
    guard lines.allSatisfy({ !$0.isBlank }) else { throw .blankTMI }
    self.lines = lines
  }

  public static let empty = TMIList(unchecked: [])

  private init(unchecked lines: [String]) { self.lines = lines }

  public var startIndex: Int { lines.startIndex }
  public var endIndex: Int { lines.endIndex }
  public subscript(position: Int) -> String { lines[position] }
}

extension String {
  /// Whether the text is empty or white space only (Unicode's White_Space).
  package var isBlank: Bool { unicodeScalars.allSatisfy(\.properties.isWhitespace) }

  /// The text without white space (Unicode's White_Space) at either end.
  package var trimmingWhitespace: Substring {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return self[endIndex...] }
    return self[first..<scalars.index(after: last)]
  }
}
