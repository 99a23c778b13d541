/// A Myers–Briggs type such as `INFP`: four letters, one from each pair
/// E/I, S/N, T/F and J/P. Lowercase input is accepted and normalised to uppercase.
public struct MBTI: Hashable, Sendable, CustomStringConvertible {
  /// The four uppercase letters.
  public let rawValue: String

  private static let axes: [Set<Character>] = [["E", "I"], ["S", "N"], ["T", "F"], ["J", "P"]]

  /// Validates four letters, one from each axis.
  public init(_ rawValue: String) throws(ValidationError) {
    let letters = Array(rawValue.uppercased())
    guard letters.count == Self.axes.count,
      zip(letters, Self.axes).allSatisfy({ letter, axis in axis.contains(letter) })
    else { throw .invalidMBTI(rawValue) }
    self.rawValue = String(letters)
  }

  /// The four letters.
  public var description: String { rawValue }
}
