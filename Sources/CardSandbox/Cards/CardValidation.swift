/// The field rules of the contract's `Card`, each returning the value to store or throwing
/// `400` with a sentence that names the field.
enum CardValidation {
  /// The name, which must contain more than white space.
  static func name(_ text: String?, field: String) throws(APIError) -> String {
    guard let text else { throw .badRequest("\(field) is required") }
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw .badRequest("\(field) must not be empty")
    }
    return text
  }

  /// The built-in picture number: decimal digits for an integer 0...5.
  static func defaultImage(_ text: String?, field: String) throws(APIError) -> Int {
    guard let text else { throw .badRequest("\(field) is required") }
    guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text),
      (0...5).contains(number)
    else { throw .badRequest("\(field) must be an integer from 0 to 5, not \"\(text)\"") }
    return number
  }

  /// A real calendar date written `YYYY-MM-DD` (year 1 or later, leap years included).
  static func birthday(_ text: String, field: String) throws(APIError) -> String {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
    else { throw .badRequest("\(field) must be a real date written YYYY-MM-DD, not \"\(text)\"") }
    return text
  }

  /// Four letters, one from each pair E/I, S/N, T/F, J/P, in either case; stored uppercase.
  static func mbti(_ text: String, field: String) throws(APIError) -> String {
    let letters = Array(text.uppercased())
    let axes: [Set<Character>] = [["E", "I"], ["S", "N"], ["T", "F"], ["J", "P"]]
    guard letters.count == axes.count,
      zip(letters, axes).allSatisfy({ letter, axis in axis.contains(letter) })
    else {
      throw .badRequest(
        "\(field) must be four letters, one from each pair E/I, S/N, T/F, J/P, not \"\(text)\"")
    }
    return String(letters)
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
