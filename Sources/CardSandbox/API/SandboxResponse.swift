import Foundation

/// One HTTP response from the sandbox.
///
/// Its description names the status and the body size only: a login reply carries tokens.
public struct SandboxResponse: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The status code.
  public var status: Int
  /// The header fields; `Content-Type` is always set.
  public var headers: SandboxHeaders
  /// The body bytes.
  public var body: Data

  /// Creates a response.
  public init(status: Int, headers: SandboxHeaders = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// `status (N bytes)`.
  public var description: String { "\(status) (\(body.count) bytes)" }

  /// The same as ``description``.
  public var debugDescription: String { description }
}
