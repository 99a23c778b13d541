import CardPrimitives
import Foundation

/// One HTTP request as the sandbox receives it. Its description names the method, the path
/// without its query and the body size only, so printing a request never shows a secret.
package struct SandboxRequest: Sendable, CustomStringConvertible {
  /// Compared case-sensitively, as HTTP does.
  package var method: String
  /// The request target: a percent-encoded path, optionally followed by `?` and a query.
  package var path: String
  package var headers: HeaderFields
  package var body: Data

  package init(method: String, path: String, headers: HeaderFields = [:], body: Data = Data()) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
  }

  package var description: String { "\(method) \(path.prefix { $0 != "?" }) (\(body.count) bytes)" }
}

/// One HTTP response from the sandbox, `Content-Type` always set. Its description names the
/// status and the body size only: a login reply carries tokens.
public struct SandboxResponse: Sendable, CustomStringConvertible {
  public package(set) var status: Int
  package var headers: HeaderFields
  public package(set) var body: Data
  /// Why the sandbox failed to answer as asked (a state it cannot read or save), with every
  /// path named, for the server's log only: ``body`` says it without the paths of the machine
  /// the sandbox runs on. `nil` for every other answer.
  public package(set) var failureDetail: String?

  package init(status: Int, headers: HeaderFields = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The header fields in order, for the reference server to write.
  public var headerFields: [(name: String, value: String)] { headers.fields }

  public var description: String { "\(status) (\(body.count) bytes)" }
}

/// Why ``Sandbox/handle(_:)`` produced no HTTP response at all: what a client sees as a
/// transport failure rather than a status.
package enum SandboxTransportError: Error, Hashable, Sendable, CustomStringConvertible {
  case offline
  case cancelled

  package var description: String {
    switch self {
    case .offline: "the sandbox is offline"
    case .cancelled: "the request was cancelled"
    }
  }
}
