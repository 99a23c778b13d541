extension AsyncHTTPClientTransport {
  /// The limits of an ``AsyncHTTPClientTransport``, checked when they are made. The longest
  /// wait for the next bytes of a reply is a setting of the client
  /// (``clientConfiguration(readTimeout:)``), not of the transport.
  public struct Configuration: Sendable {
    public static let defaultResourceTimeout = Duration.seconds(300)
    public static let maximumTimeout = Duration.seconds(7 * 24 * 3600)
    /// 16 MiB: a list of a thousand cards is about 350 KiB.
    public static let defaultMaximumReplySize = 16 << 20

    /// How long a whole exchange, redirects included, may take, even while data keeps
    /// arriving, before it is cancelled with ``CardData/TransportError/Kind/timedOut``.
    public let resourceTimeout: Duration
    /// The most bytes a reply body may have, counted as they arrive: a larger one fails with
    /// ``CardData/TransportError/Kind/replyRefused`` before more of it is held in memory.
    public let maximumReplySize: Int

    public init() {
      resourceTimeout = Self.defaultResourceTimeout
      maximumReplySize = Self.defaultMaximumReplySize
    }

    /// Throws ``ConfigurationError`` unless the timeout is positive and at most
    /// ``maximumTimeout``, and the reply size is positive.
    public init(
      resourceTimeout: Duration = Self.defaultResourceTimeout,
      maximumReplySize: Int = Self.defaultMaximumReplySize
    ) throws(ConfigurationError) {
      guard resourceTimeout > .zero, resourceTimeout <= Self.maximumTimeout else {
        throw ConfigurationError(
          "resourceTimeout must be positive and at most \(Self.maximumTimeout),"
            + " not \(resourceTimeout)")
      }
      guard maximumReplySize > 0 else {
        throw ConfigurationError("maximumReplySize must be positive, not \(maximumReplySize)")
      }
      self.resourceTimeout = resourceTimeout
      self.maximumReplySize = maximumReplySize
    }
  }

  /// A ``Configuration`` that cannot be used, such as a timeout that is not positive.
  public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Starts with `invalid configuration:`.
    public let message: String

    init(_ reason: String) { message = "invalid configuration: " + reason }

    public var description: String { message }
  }
}
