import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTransport {
  /// How a ``URLSessionTransport`` sends requests. The timeouts are checked when it is made
  /// and fixed after, so a transport never holds one it cannot use. Not `Sendable`
  /// (`URLSessionConfiguration` is a mutable class): the transport copies what it needs.
  public struct Configuration {
    public static let defaultRequestTimeout = Duration.seconds(30)
    public static let defaultResourceTimeout = Duration.seconds(300)
    public static let maximumTimeout = Duration.seconds(7 * 24 * 3600)

    /// How long a request may go without any data arriving before it fails with
    /// ``CardData/TransportError/Kind/timedOut``; rounded up to whole seconds on Linux.
    public let requestTimeout: Duration
    /// How long a whole exchange may take, even while data keeps arriving, before it is
    /// cancelled with ``CardData/TransportError/Kind/timedOut``: it bounds how long a slow
    /// server holds whatever the caller holds meanwhile, such as the store's refresh lock.
    public let resourceTimeout: Duration
    /// Copied for the transport's own `URLSession`; tests set `protocolClasses`.
    public var sessionConfiguration: URLSessionConfiguration

    /// The default timeouts.
    public init(
      sessionConfiguration: URLSessionConfiguration = Self.defaultSessionConfiguration()
    ) {
      self.requestTimeout = Self.defaultRequestTimeout
      self.resourceTimeout = Self.defaultResourceTimeout
      self.sessionConfiguration = sessionConfiguration
    }

    /// Throws ``ConfigurationError`` unless each timeout is positive and at most
    /// ``maximumTimeout``.
    public init(
      requestTimeout: Duration,
      resourceTimeout: Duration = Self.defaultResourceTimeout,
      sessionConfiguration: URLSessionConfiguration = Self.defaultSessionConfiguration()
    ) throws(ConfigurationError) {
      try Self.check(requestTimeout, named: "requestTimeout")
      try Self.check(resourceTimeout, named: "resourceTimeout")
      self.requestTimeout = requestTimeout
      self.resourceTimeout = resourceTimeout
      self.sessionConfiguration = sessionConfiguration
    }

    /// An ephemeral session configuration without a URL cache or cookie storage: the
    /// request pipeline owns credentials, and API responses are never answered from a cache.
    public static func defaultSessionConfiguration() -> URLSessionConfiguration {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      configuration.httpCookieStorage = nil
      configuration.httpShouldSetCookies = false
      return configuration
    }

    /// A copy, so that the caller's object is left as it was.
    func makeSessionConfiguration() -> URLSessionConfiguration {
      let copy =
        (sessionConfiguration.copy() as? URLSessionConfiguration) ?? sessionConfiguration
      copy.timeoutIntervalForResource = resourceTimeout.timeInterval
      return copy
    }

    /// FoundationNetworking truncates the interval to whole seconds, so that a timeout under
    /// one second would fail every request at once; rounding up keeps it at least as asked.
    var urlRequestTimeoutInterval: TimeInterval {
      #if canImport(FoundationNetworking)
        return requestTimeout.timeInterval.rounded(.up)
      #else
        return requestTimeout.timeInterval
      #endif
    }

    private static func check(_ timeout: Duration, named name: String) throws(ConfigurationError) {
      guard timeout > .zero, timeout <= maximumTimeout else {
        throw ConfigurationError(
          "\(name) must be positive and at most \(maximumTimeout), not \(timeout)")
      }
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

extension Duration {
  var timeInterval: TimeInterval { self / .seconds(1) }
}
