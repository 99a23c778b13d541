import Foundation

/// The scheme, host and port of a URL, compared case-insensitively with default ports filled.
struct URLOrigin: Hashable {
  /// The scheme, lowercased.
  var scheme: String
  /// The host, lowercased.
  var host: String
  /// The port, or the scheme's default.
  var port: Int?

  /// The origin of `url`, or `nil` without a URL, scheme or host.
  init?(_ url: URL?) {
    guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased()
    else { return nil }
    self.scheme = scheme
    self.host = host
    self.port = url.port ?? Self.defaultPorts[scheme]
  }

  /// `host:port` for messages, the host in brackets when it is an IPv6 address; the host
  /// alone for a scheme without a default port.
  var authority: String {
    let host = self.host.contains(":") && !self.host.hasPrefix("[") ? "[\(self.host)]" : self.host
    return port.map { "\(host):\($0)" } ?? host
  }

  private static let defaultPorts = ["http": 80, "https": 443]
}
