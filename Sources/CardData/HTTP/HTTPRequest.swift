import Foundation

/// An HTTP request as a value: what the pipeline builds and adapts and a transport sends.
public struct HTTPRequest: Hashable, Sendable {
  /// The method.
  public var method: HTTPMethod
  /// The absolute URL, path and query already percent-encoded.
  public var url: URL
  /// The header fields.
  public var headers: HTTPHeaders
  /// The body.
  public var body: HTTPBody

  /// Creates a request.
  public init(method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], body: HTTPBody = .empty) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }
}
