/// The account name a user signs in with, such as `demo`.
public struct UserID: Hashable, Sendable, CustomStringConvertible {
  /// The account name as typed, with no surrounding whitespace.
  public let rawValue: String

  /// Wraps an account name; an empty or blank one is rejected.
  public init(_ rawValue: String) throws(ValidationError) {
    let trimmed = rawValue.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .emptyUserID }
    self.rawValue = trimmed
  }

  /// The account name.
  public var description: String { rawValue }
}
