import Foundation

/// One call of an HTTP API as a value that names its response type, in the manner of Moya's
/// `TargetType`: everything needed to build the request except the base URL and the
/// credential, a realistic reply for stubs, and how a reply becomes the response (status
/// first, then one decode of the body, then the mapping to entities).
///
/// ```swift
/// let card: Card = try await client.send(.cardDetailFetch(id))
/// ```
///
/// Printing an endpoint shows its name, method and path only, never its body.
public struct Endpoint<Response: Sendable>: Sendable, CustomStringConvertible, CustomReflectable {
  /// A short name for logs and metrics: the contract's operation name, such as
  /// `cardDetailFetch`.
  public let name: String
  public let method: HTTPMethod
  /// The path below the base URL, segment by segment.
  public let path: RequestPath
  public let body: RequestBody
  /// Whether the request carries the session's Bearer token.
  public let authorization: Authorization
  /// A realistic reply for stubs, previews and tests: the status and the body the server
  /// sends.
  public let sampleResponse: HTTPResponse
  private let decoder: @Sendable (HTTPResponse) -> NetworkResult<Response>

  /// Describes an endpoint; `decode` judges a reply, usually with ``judgeStatus(by:data:type:)``.
  public init(
    name: String, method: HTTPMethod, path: RequestPath, body: RequestBody = .none,
    authorization: Authorization, sampleResponse: HTTPResponse,
    decode: @escaping @Sendable (HTTPResponse) -> NetworkResult<Response>
  ) {
    self.name = name
    self.method = method
    self.path = path
    self.body = body
    self.authorization = authorization
    self.sampleResponse = sampleResponse
    self.decoder = decode
  }

  /// The reply judged: the response, or the failure in the contract's vocabulary.
  public func decode(_ response: HTTPResponse) -> NetworkResult<Response> { decoder(response) }

  /// `name METHOD /path`.
  public var description: String { "\(name) \(method) \(path)" }
  /// The name, method and path; the body may hold a password.
  public var customMirror: Mirror {
    Mirror(self, children: ["name": name, "method": method, "path": path])
  }
}

/// What a request carries, in the manner of Moya's `Task`.
public enum RequestBody: Sendable {
  case none
  /// A JSON body, sent with `Content-Type: application/json`.
  case json(any Encodable & Sendable)
  /// A `multipart/form-data` body (RFC 7578); a large one streams from a temporary file.
  case multipart(MultipartFormData)
}

/// Whether an endpoint carries the session's credential.
public enum Authorization: Hashable, Sendable {
  /// No credential: login and refresh, which are how a session gets one.
  case anonymous
  /// `Authorization: Bearer <accessToken>`, added and kept fresh by the
  /// ``AuthenticationInterceptor``.
  case bearer
}

/// A URL path held as segments, so that each is percent-encoded on its own: an id such as
/// `a/b` stays one segment (`a%2Fb`), and an id `..` stays data (`%2E%2E`).
public struct RequestPath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The segments, not encoded.
  public let segments: [String]

  public init(_ segments: [String]) { self.segments = segments }

  /// A fixed path such as `"/cards"`, split at each `/`.
  public init(stringLiteral value: String) {
    segments = value.split(separator: "/").map(String.init)
  }

  /// The path with each segment percent-encoded, starting with `/`.
  public var percentEncoded: String {
    "/" + segments.map(Self.encode).joined(separator: "/")
  }

  public var description: String { percentEncoded }

  /// Whether each byte value may stand unencoded in a segment: RFC 3986's unreserved
  /// characters, the sub-delimiters, `:` and `@`. A table, not a set: looking a byte up costs
  /// an index, not a hash, on every request.
  private static let allowedBytes: [Bool] = {
    var table = [Bool](repeating: false, count: 256)
    let allowed =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "abcdefghijklmnopqrstuvwxyz" + "0123456789-._~!$&'()*+,;=:@"
    for byte in allowed.utf8 { table[Int(byte)] = true }
    return table
  }()

  private static func encode(_ segment: String) -> String {
    // `.` and `..` mean "this" and "parent" to every URL resolver: keep them data.
    if !segment.isEmpty && segment.allSatisfy({ $0 == "." }) {
      return String(repeating: "%2E", count: segment.count)
    }
    if segment.utf8.allSatisfy({ allowedBytes[Int($0)] }) { return segment }
    var encoded = ""
    for byte in segment.utf8 {
      if allowedBytes[Int(byte)] {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += (byte < 16 ? "%0" : "%") + hex
      }
    }
    return encoded
  }
}
