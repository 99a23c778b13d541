import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Which redirects the transport follows, and with which headers.
enum RedirectPolicy {
  /// The headers that carry credentials and go only to the origin they were set for.
  static let credentialHeaders = ["Authorization", "Cookie"]

  /// The request to send for a redirect to `proposed`, or `nil` to not follow it and return
  /// the redirect response itself.
  ///
  /// - A redirect to another origin (scheme, host or port) loses the credential headers.
  /// - A redirect that keeps the method of an `original` request with a body is not
  ///   followed: FoundationNetworking sends such a redirected request with an empty body, and
  ///   a streamed body cannot be read twice.
  static func request(following proposed: URLRequest, from original: URLRequest?) -> URLRequest? {
    let hasBody = original?.httpBody != nil || original?.httpBodyStream != nil
    if hasBody, proposed.httpMethod == original?.httpMethod { return nil }
    guard let target = URLOrigin(proposed.url), target == URLOrigin(original?.url) else {
      var stripped = proposed
      for name in credentialHeaders {
        stripped.setValue(nil, forHTTPHeaderField: name)
      }
      return stripped
    }
    return proposed
  }
}
