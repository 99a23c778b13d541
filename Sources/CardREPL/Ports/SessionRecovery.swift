/// Sets aside a session store that cannot be read, so that the user can sign in again
/// (what `logout` does when the store is tampered or sealed with another key).
public protocol SessionRecovery: Sendable {
  /// Moves an unreadable store aside and returns where it went; `nil` when there was
  /// nothing to move. Throws when the store cannot be reached at all.
  func setAsideUnreadableSession() async throws(SessionRecoveryError) -> String?
}

/// Why an unreadable session store could not be set aside.
public struct SessionRecoveryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What happened, for people.
  public let message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
