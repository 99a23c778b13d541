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

  /// Parses exactly `YYYY-MM-DD` (four, two and two digits) and validates the date.
  public init(_ text: String) throws(ValidationError) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
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

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
