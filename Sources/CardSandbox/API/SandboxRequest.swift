import Foundation

/// One HTTP request as the sandbox receives it.
///
/// Its description names the method, the path without its query and the body size only, so
/// that printing a request never shows a token or a password.
public struct SandboxRequest: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The method, such as `GET`; compared case-sensitively, as HTTP does.
  public var method: String
  /// The request target: a percent-encoded path, optionally followed by `?` and a query.
  public var path: String
  /// The header fields.
  public var headers: SandboxHeaders
  /// The body bytes; empty when there is none.
  public var body: Data

  /// Creates a request.
  public init(method: String, path: String, headers: SandboxHeaders = [:], body: Data = Data()) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
  }

  /// `METHOD /path (N bytes)`, without the query, the headers or the body.
  public var description: String {
    let pathOnly = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return "\(method) \(pathOnly) (\(body.count) bytes)"
  }

  /// The same as ``description``.
  public var debugDescription: String { description }
}
