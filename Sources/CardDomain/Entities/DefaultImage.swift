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
