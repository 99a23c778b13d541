/// A credential store that exists but cannot be read or written.
public struct CredentialStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, coarsely.
  public enum Kind: String, Hashable, Sendable {
    /// The stored bytes fail authentication: tampered, truncated, or a wrong key or passphrase.
    case corrupted
    /// A format version or key source this build does not know.
    case unsupportedFormat
    /// The store could not be reached: I/O error, permissions, lock.
    case unavailable
    /// The store was set up wrongly (a bad file name, an empty passphrase, an iteration count
    /// out of range): a programming or configuration error, not a problem with stored data.
    case invalidConfiguration
  }

  /// The coarse kind.
  public let kind: Kind
  /// What happened, for people; never contains a secret.
  public let message: String

  /// Creates a store error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
