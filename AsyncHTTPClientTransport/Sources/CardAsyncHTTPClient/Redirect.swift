import CardData
import Foundation

/// Which redirects the transport follows, the same rules as the URLSession transport's: the
/// client follows none itself (``AsyncHTTPClientTransport/clientConfiguration(readTimeout:)``),
/// so that these are the only ones.
enum Redirect {
  /// The most redirects followed for one request before the exchange fails.
  static let maximumCount = 10

  /// The request to send after `response` to `current`, or `nil` when `response` is the reply.
  /// A redirect to another origin (scheme, host or port) loses the credential headers, and one
  /// to another scheme (`file:`, or `http:` from `https:`) is not followed. Nor is any redirect
  /// of a request with a body: sign-in and refresh carry one, and must not take a token from
  /// wherever a redirect points; a body request rewritten to a `GET` would lose what it asked
  /// for anyway.
  static func request(
    following response: HTTPResponse, of current: HTTPRequest, original: HTTPRequest
  ) -> HTTPRequest? {
    guard [301, 302, 303, 307, 308].contains(response.status), original.body == .empty,
      let location = response.headers["Location"],
      let target = URL(string: location, relativeTo: current.url)?.absoluteURL,
      let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
      scheme == original.url.scheme?.lowercased()
    else { return nil }
    var next = current
    next.url = target
    if response.status == 303, current.method != .head { next.method = .get }
    if Origin(target) != Origin(original.url) {
      next.headers["Authorization"] = nil
      next.headers["Cookie"] = nil
    }
    return next
  }
}
