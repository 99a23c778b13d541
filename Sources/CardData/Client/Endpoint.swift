import Foundation

/// One call of an HTTP API as a value that names its response type, in the manner of Moya's
/// `TargetType`: the contract's operation name (for logs and metrics), everything needed to
/// build the request but the base URL and the credential, a realistic reply for stubs and
/// tests, and how a reply becomes the response (status first, then one decode of the body,
/// then the mapping to entities). Printing one never shows its body.
///
/// ```swift
/// let card: Card = try await client.send(.cardDetailFetch(id))
/// ```
package struct Endpoint<Response: Sendable>: Sendable, CustomStringConvertible, CustomReflectable {
  package let name: String
  package let method: HTTPMethod
  package let path: RequestPath
  /// Sent after the path, in this order; empty for most operations.
  package let query: [QueryItem]
  package let body: RequestBody
  package let authorization: Authorization
  package let sampleResponse: HTTPResponse
  /// Judges a reply, usually with ``judgeStatus(of:type:refusingRepeatedKeys:)``.
  package let decode: @Sendable (HTTPResponse) -> NetworkResult<Response>

  package init(
    name: String, method: HTTPMethod, path: RequestPath, query: [QueryItem] = [],
    body: RequestBody = .none, authorization: Authorization,
    sampleResponse: HTTPResponse,
    decode: @escaping @Sendable (HTTPResponse) -> NetworkResult<Response>
  ) {
    self.name = name
    self.method = method
    self.path = path
    self.query = query
    self.body = body
    self.authorization = authorization
    self.sampleResponse = sampleResponse
    self.decode = decode
  }

  /// `name METHOD /path`: neither the query nor the body, either of which may hold a secret
  /// (the request log prints both, redacted).
  package var description: String { "\(name) \(method) \(path)" }
  package var customMirror: Mirror {
    Mirror(self, children: ["name": name, "method": method, "path": path])
  }
}

/// What a request carries, in the manner of Moya's `Task`; a large multipart body streams
/// from a temporary file.
package enum RequestBody: Sendable {
  case none
  case json(any Encodable & Sendable)
  case multipart(MultipartFormData)
}

/// Whether an endpoint carries the session's credential: not for login and refresh, which
/// are how a session gets one; `Authorization: Bearer …` from the ``Authentication`` middleware
/// for every other.
package enum Authorization: Hashable, Sendable {
  case anonymous
  case bearer
}

/// A URL path held as segments, so that each is percent-encoded on its own: an id such as
/// `a/b` stays one segment (`a%2Fb`), and an id `..` stays data (`%2E%2E`).
package struct RequestPath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible
{
  /// Not encoded.
  package let segments: [String]

  package init(_ segments: [String]) { self.segments = segments }

  /// A fixed path such as `"/cards"`, split at each `/`.
  package init(stringLiteral value: String) {
    segments = value.split(separator: "/").map(String.init)
  }

  /// The path with each segment percent-encoded, starting with `/`.
  package var percentEncoded: String { encoded(after: "") }

  package var description: String { percentEncoded }
}
