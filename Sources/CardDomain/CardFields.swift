/// The server's identifier of a card.
///
/// Opaque to the client: it is compared and sent back, never parsed.
public struct CardID: Hashable, Sendable, CustomStringConvertible {
  /// The identifier exactly as the server issued it.
  public let rawValue: String

  /// Wraps an identifier the server issued; an empty one is rejected.
  public init(_ rawValue: String) throws(ValidationError) {
    guard !rawValue.isEmpty else { throw .emptyCardID }
    self.rawValue = rawValue
  }

  /// The raw identifier.
  public var description: String { rawValue }
}

/// A Myers–Briggs type such as `INFP`: four letters, one from each pair
/// E/I, S/N, T/F and J/P. Lowercase input is accepted and normalised to uppercase.
public struct MBTI: Hashable, Sendable, CustomStringConvertible {
  /// The four uppercase letters.
  public let rawValue: String

  /// The two letters of each axis, as ASCII bytes: E/I, S/N, T/F, J/P.
  private static let axes: [(UInt8, UInt8)] = [
    (0x45, 0x49), (0x53, 0x4E), (0x54, 0x46), (0x4A, 0x50),
  ]

  /// Validates four letters, one from each axis, in either case.
  public init(_ rawValue: String) throws(ValidationError) {
    var letters: [UInt8] = []
    for byte in rawValue.utf8 {
      let upper = (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
      guard letters.count < Self.axes.count else { throw .invalidMBTI(rawValue) }
      let axis = Self.axes[letters.count]
      guard upper == axis.0 || upper == axis.1 else { throw .invalidMBTI(rawValue) }
      letters.append(upper)
    }
    guard letters.count == Self.axes.count else { throw .invalidMBTI(rawValue) }
    self.rawValue = String(decoding: letters, as: UTF8.self)
  }

  /// The four letters.
  public var description: String { rawValue }
}

/// A calendar date without a time zone, written `YYYY-MM-DD` on the wire.
public struct Birthday: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The year, 1...9999.
  public let year: Int
  /// The month, 1...12.
  public let month: Int
  /// The day of the month, valid for that month and year.
  public let day: Int

  /// Validates a date given by its parts (leap years included).
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
    guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      Self.isValid(year: year, month: month, day: day)
    else { throw .invalidBirthday(text) }
    (self.year, self.month, self.day) = (year, month, day)
  }

  /// The date as `YYYY-MM-DD`.
  public var description: String { Self.format(year: year, month: month, day: day) }

  /// Orders dates chronologically.
  public static func < (lhs: Birthday, rhs: Birthday) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  private static func format(year: Int, month: Int, day: Int) -> String {
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }

  private static func isValid(year: Int, month: Int, day: Int) -> Bool {
    (1...9999).contains(year) && (1...12).contains(month)
      && (1...daysIn(month: month, year: year)).contains(day)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return isLeap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

/// One of the six built-in card pictures, numbered 0...5.
public struct DefaultImage: Hashable, Sendable, CustomStringConvertible {
  /// The valid picture numbers.
  public static let range = 0...5

  /// The picture number, within ``range``.
  public let index: Int

  /// Validates a picture number.
  public init(_ index: Int) throws(ValidationError) {
    guard Self.range.contains(index) else { throw .defaultImageOutOfRange(index) }
    self.index = index
  }

  /// The first built-in picture, used when a draft names none.
  public static let first = DefaultImage(unchecked: 0)

  private init(unchecked index: Int) { self.index = index }

  /// The picture number.
  public var description: String { String(index) }
}

/// A card's "too much information" lines: at most three, none of them blank.
public struct TMIList: Hashable, Sendable, RandomAccessCollection {
  /// The most lines a card may carry.
  public static let maximumCount = 3

  /// The lines, in order.
  public let lines: [String]

  /// Validates the count and that no line is blank.
  public init(_ lines: [String]) throws(ValidationError) {
    guard lines.count <= Self.maximumCount else { throw .tooManyTMIs(count: lines.count) }
    guard lines.allSatisfy({ !$0.isBlank })
    else { throw .blankTMI }
    self.lines = lines
  }

  /// No lines.
  public static let empty = TMIList(unchecked: [])

  private init(unchecked lines: [String]) { self.lines = lines }

  /// The index of the first line.
  public var startIndex: Int { lines.startIndex }
  /// One past the index of the last line.
  public var endIndex: Int { lines.endIndex }
  /// The line at `position`.
  public subscript(position: Int) -> String { lines[position] }
}

extension String {
  /// Whether the text is empty or white space only. Foundation's `trimmingCharacters(in:)`
  /// goes through `NSString` on Linux and was a quarter of mapping a card list.
  package var isBlank: Bool {
    unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      // Unicode's White_Space property, spelled out: a switch costs less than a property
      // table lookup per character.
      case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F,
        0x205F, 0x3000:
        true
      default: false
      }
    }
  }

  /// The text without white space at either end.
  package var trimmingWhitespace: Substring {
    if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80,
      !Self.isASCIIWhitespace(first), !Self.isASCIIWhitespace(last)
    {
      return self[...]
    }
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return self[endIndex...] }
    return self[first...last]
  }

  private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}
