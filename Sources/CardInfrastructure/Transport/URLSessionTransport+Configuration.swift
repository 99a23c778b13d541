import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionTransport {
  /// How a ``URLSessionTransport`` sends requests.
  ///
  /// Not `Sendable`, because `URLSessionConfiguration` is a mutable class; the transport
  /// copies what it needs when it is created.
  public struct Configuration {
    /// How long a request may wait for the server before failing with
    /// ``CardData/TransportError/Kind/timedOut``: the time without any data arriving, not
    /// the time of the whole exchange. FoundationNetworking counts whole seconds only, so
    /// there the timeout is rounded up to a whole number of seconds.
    public var requestTimeout: Duration
    /// The configuration of the transport's own `URLSession`; tests set `protocolClasses`.
    public var sessionConfiguration: URLSessionConfiguration

    /// Creates a configuration; `requestTimeout` must be positive.
    public init(
      requestTimeout: Duration = .seconds(30),
      sessionConfiguration: URLSessionConfiguration = Self.defaultSessionConfiguration()
    ) {
      precondition(requestTimeout > .zero, "requestTimeout must be positive")
      self.requestTimeout = requestTimeout
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

    /// The timeout to put on each `URLRequest`, in seconds.
    ///
    /// FoundationNetworking truncates the interval to whole seconds, so that any timeout
    /// under one second fails every request at once; rounding up keeps the timeout at least
    /// as long as asked.
    var urlRequestTimeoutInterval: TimeInterval {
      let (seconds, attoseconds) = requestTimeout.components
      let interval = TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
      #if canImport(FoundationNetworking)
        return interval.rounded(.up)
      #else
        return interval
      #endif
    }
  }
}
