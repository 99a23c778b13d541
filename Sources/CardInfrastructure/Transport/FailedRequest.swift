import Foundation

/// What a failure message may say about the request: the server's host and port and the
/// request timeout, never the path, query or credentials of the URL.
struct FailedRequest: Sendable {
  /// `host:port`, such as `api.example.com:443` or `[::1]:8080`; `the server` without a host.
  var server: String
  /// The host name alone; `the server` without a host.
  var host: String
  /// The request timeout in words, such as `30 s`.
  var requestTimeout: String

  /// The words for a request to `url` that waits at most `requestTimeout` seconds for data.
  init(url: URL?, requestTimeout: TimeInterval) {
    server = Self.server(of: url)
    host = URLOrigin(url)?.host ?? "the server"
    self.requestTimeout = requestTimeout.spokenDuration
  }

  /// `host:port` of `url`; `the server` without a host.
  static func server(of url: URL?) -> String {
    URLOrigin(url)?.authority ?? "the server"
  }
}
