/// A reply that decodes but breaks one of the contract's rules, such as an `mbti` that is
/// not four letters or an `expiresIn` of zero. ``NetworkResult/tryMap(_:)`` turns it into
/// ``NetworkResult/pathErr(reason:)``.
public struct WireMappingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The offending field as the wire names it, such as `mbti` or `expiresIn`.
  public let field: String
  /// A sentence that says what is wrong and where, at most ``maximumReasonLength``
  /// characters; it never contains a token.
  public let reason: String

  /// The longest reason kept; a longer one, such as one quoting a huge field, is cut.
  public static let maximumReasonLength = 200

  /// Creates a mapping error, cutting the reason to ``maximumReasonLength`` characters.
  public init(field: String, reason: String) {
    self.field = field
    self.reason = reason.truncated(to: Self.maximumReasonLength)
  }

  /// The reason.
  public var description: String { reason }
}
