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
