import Foundation

/// How a message names the server of a request: `host:port` (an IPv6 host in brackets, the
/// scheme's default port filled in), never the URL's path, query or credentials; `the server`
/// when the URL has no host.
struct Server: CustomStringConvertible, Sendable {
  let description: String

  init(_ url: URL) {
    guard let origin = Origin(url) else {
      description = "the server"
      return
    }
    let host =
      origin.host.contains(":") && !origin.host.hasPrefix("[") ? "[\(origin.host)]" : origin.host
    description = origin.port.map { "\(host):\($0)" } ?? host
  }
}

/// The scheme, host and port of a URL, compared case-insensitively with default ports filled.
struct Origin: Hashable, Sendable {
  var scheme: String
  var host: String
  var port: Int?

  init?(_ url: URL) {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
      return nil
    }
    self.scheme = scheme
    self.host = host
    self.port = url.port ?? ["http": 80, "https": 443][scheme]
  }
}
