/// A card's "too much information" lines: at most three, none of them blank.
public struct TMIList: Hashable, Sendable, RandomAccessCollection {
  /// The most lines a card may carry.
  public static let maximumCount = 3

  /// The lines, in order.
  public let lines: [String]

  /// Validates the count and that no line is blank.
  public init(_ lines: [String]) throws(ValidationError) {
    guard lines.count <= Self.maximumCount else { throw .tooManyTMIs(count: lines.count) }
    guard lines.allSatisfy({ !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty })
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
