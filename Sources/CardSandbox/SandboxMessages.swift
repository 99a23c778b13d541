import CardPrimitives
import Foundation

/// One HTTP request as the sandbox receives it.
///
/// Its description names the method, the path without its query and the body size only, so
/// that printing a request never shows a token or a password.
public struct SandboxRequest: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// Compared case-sensitively, as HTTP does.
  public var method: String
  /// The request target: a percent-encoded path, optionally followed by `?` and a query.
  public var path: String
  public var headers: SandboxHeaders
  public var body: Data

  public init(method: String, path: String, headers: SandboxHeaders = [:], body: Data = Data()) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
  }

  /// `METHOD /path (N bytes)`.
  public var description: String {
    let pathOnly = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return "\(method) \(pathOnly) (\(body.count) bytes)"
  }
  public var debugDescription: String { description }
}

/// One HTTP response from the sandbox. Its description names the status and the body size
/// only: a login reply carries tokens.
public struct SandboxResponse: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  public var status: Int
  /// `Content-Type` is always set.
  public var headers: SandboxHeaders
  public var body: Data

  public init(status: Int, headers: SandboxHeaders = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// `status (N bytes)`.
  public var description: String { "\(status) (\(body.count) bytes)" }
  public var debugDescription: String { description }
}

/// Header fields in order, names compared without regard to case: the sandbox's own type,
/// stored in the primitives' ``CardPrimitives/HeaderFields`` as the client's headers are, so
/// that the two share storage and no contract type.
public struct SandboxHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  public struct Field: Hashable, Sendable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  private var storage: HeaderFields

  public init(_ fields: [Field] = []) { storage = HeaderFields(fields.map { ($0.name, $0.value) }) }

  public init(dictionaryLiteral elements: (String, String)...) {
    storage = HeaderFields(elements.map { (name: $0.0, value: $0.1) })
  }

  /// The first value of the named field; setting replaces every field of that name (at the
  /// place of the first one), and setting `nil` removes them.
  public subscript(name: String) -> String? {
    get { storage[name] }
    set { storage[name] = newValue }
  }

  /// Adds a field after the others, keeping any of the same name.
  public mutating func add(name: String, value: String) { storage.add(name: name, value: value) }

  public func makeIterator() -> some IteratorProtocol<Field> {
    storage.fields.lazy.map { Field(name: $0.name, value: $0.value) }.makeIterator()
  }
}

/// Why ``CardSandbox/handle(_:)`` produced no HTTP response at all: what a client would see
/// as a transport failure rather than a status code.
public enum SandboxTransportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The sandbox is set offline (``CardSandbox/setOffline(_:)``): no connection.
  case offline
  /// The calling task was cancelled before the response was ready.
  case cancelled

  public var description: String {
    switch self {
    case .offline: "the sandbox is offline"
    case .cancelled: "the request was cancelled"
    }
  }
}
