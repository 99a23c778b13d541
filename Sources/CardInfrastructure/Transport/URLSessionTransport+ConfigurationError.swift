extension URLSessionTransport {
  /// A ``Configuration`` that cannot be used, such as a timeout that is not positive.
  public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, starting with `invalid configuration:`.
    public let message: String

    /// An error whose message is `invalid configuration: ` followed by `reason`.
    init(_ reason: String) { message = "invalid configuration: " + reason }

    /// The message.
    public var description: String { message }
  }
}
