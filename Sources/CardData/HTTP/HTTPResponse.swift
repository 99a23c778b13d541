import Foundation

/// An HTTP response as a value: status, header fields and the whole body.
public struct HTTPResponse: Hashable, Sendable {
  /// The status code, such as 200.
  public var status: Int
  /// The header fields.
  public var headers: HTTPHeaders
  /// The body bytes.
  public var body: Data

  /// Creates a response.
  public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// Whether the status is 2xx.
  public var isSuccessful: Bool { (200..<300).contains(status) }
}
