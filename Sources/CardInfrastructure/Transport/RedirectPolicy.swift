import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Which redirects the transport follows, and with which headers.
enum RedirectPolicy {
  /// The request to send for a redirect to `proposed`, or `nil` to return the redirect
  /// response itself. A redirect to another origin (scheme, host or port) loses the credential
  /// headers, and one to another scheme (`file:`, or `http:` from `https:`) is not followed.
  /// Nor is any redirect of a request with a body: sign-in and refresh must not take a token
  /// from wherever a redirect points.
  ///
  /// The scheme is read from the reply's `Location` too: FoundationNetworking proposes a
  /// `file:///etc/passwd` location as the path `/etc/passwd` of the same origin.
  static func request(
    following proposed: URLRequest, location: String?, from original: URLRequest?
  ) -> URLRequest? {
    let hasBody = original?.httpBody != nil || original?.httpBodyStream != nil
    let scheme = proposed.url?.scheme?.lowercased()
    let locationScheme = location.flatMap(URL.init(string:))?.scheme?.lowercased()
    guard !hasBody, scheme == "https" || scheme == "http",
      locationScheme == nil || locationScheme == scheme,
      original.map({ $0.url?.scheme?.lowercased() == scheme }) ?? true
    else { return nil }
    guard let target = URLOrigin(proposed.url), target == URLOrigin(original?.url) else {
      var stripped = proposed
      for name in ["Authorization", "Cookie"] {
        stripped.setValue(nil, forHTTPHeaderField: name)
      }
      return stripped
    }
    return proposed
  }
}

/// The scheme, host and port of a URL, compared case-insensitively with default ports filled.
struct URLOrigin: Hashable {
  var scheme: String
  var host: String
  var port: Int?

  init?(_ url: URL?) {
    guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased()
    else { return nil }
    self.scheme = scheme
    self.host = host
    self.port = url.port ?? Self.defaultPorts[scheme]
  }

  /// `host:port` for messages (an IPv6 host in brackets); the host alone for a scheme without a
  /// default port.
  var authority: String {
    let host = self.host.contains(":") && !self.host.hasPrefix("[") ? "[\(self.host)]" : self.host
    return port.map { "\(host):\($0)" } ?? host
  }

  private static let defaultPorts = ["http": 80, "https": 443]
}
