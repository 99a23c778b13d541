/// Why a `sandbox …` command failed.
public struct SandboxControlError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, coarsely.
  public enum Kind: Hashable, Sendable {
    /// The argument was refused, such as a status that is not an error status.
    case invalidArgument
    /// The sandbox could not save its state.
    case storage
    /// The command was cancelled (Ctrl-C) while it waited for the sandbox.
    case cancelled
  }

  /// The coarse kind.
  public let kind: Kind
  /// What happened, for people.
  public let message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
