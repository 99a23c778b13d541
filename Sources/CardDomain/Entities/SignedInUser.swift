/// The signed-in user as the domain sees it: who, never the tokens that prove it.
public struct SignedInUser: Hashable, Sendable, CustomStringConvertible {
  /// The account that is signed in.
  public let userID: UserID

  /// Creates the signed-in user for an account.
  public init(userID: UserID) { self.userID = userID }

  /// The account name.
  public var description: String { userID.rawValue }
}
