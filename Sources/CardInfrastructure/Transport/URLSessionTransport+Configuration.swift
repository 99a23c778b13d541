import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTransport {
  /// How a ``URLSessionTransport`` sends requests.
  ///
  /// The timeouts are checked when the configuration is made and cannot be changed after, so
  /// a transport never holds a timeout it cannot use. Not `Sendable`, because
  /// `URLSessionConfiguration` is a mutable class; the transport copies what it needs when it
  /// is created.
  public struct Configuration {
    public static let defaultRequestTimeout = Duration.seconds(30)
    public static let defaultResourceTimeout = Duration.seconds(300)
    /// The longest timeout a configuration accepts: 7 days.
    public static let maximumTimeout = Duration.seconds(7 * 24 * 3600)

    /// How long a request may wait for the server before failing with
    /// ``CardData/TransportError/Kind/timedOut``: the time without any data arriving, not
    /// the time of the whole exchange. FoundationNetworking counts whole seconds only, so
    /// there the timeout is rounded up to a whole number of seconds.
    public let requestTimeout: Duration
    /// How long a whole exchange (sending the body, waiting, receiving the response) may take
    /// before it is cancelled and fails with ``CardData/TransportError/Kind/timedOut``, even
    /// while data keeps arriving. It bounds how long a slow server can hold a request, and
    /// with it anything the caller holds meanwhile, such as the credential store's refresh
    /// lock.
    public let resourceTimeout: Duration
    /// The configuration of the transport's own `URLSession`; tests set `protocolClasses`.
    /// The transport uses a copy whose `timeoutIntervalForResource` is ``resourceTimeout``.
    public var sessionConfiguration: URLSessionConfiguration

    /// The default timeouts; it cannot fail.
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

    /// A copy of ``sessionConfiguration`` with `timeoutIntervalForResource` set to
    /// ``resourceTimeout``, so that the caller's object is left as it was.
    func makeSessionConfiguration() -> URLSessionConfiguration {
      let copy =
        (sessionConfiguration.copy() as? URLSessionConfiguration) ?? sessionConfiguration
      copy.timeoutIntervalForResource = resourceTimeout.timeInterval
      return copy
    }

    /// The timeout to put on each `URLRequest`, in seconds. FoundationNetworking truncates
    /// the interval to whole seconds, so that any timeout under one second fails every
    /// request at once; rounding up keeps the timeout at least as long as asked.
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
    /// What is wrong, starting with `invalid configuration:`.
    public let message: String

    init(_ reason: String) { message = "invalid configuration: " + reason }

    public var description: String { message }
  }
}

extension Duration {
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
