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
public struct Endpoint<Response: Sendable>: Sendable, CustomStringConvertible, CustomReflectable {
  public let name: String
  public let method: HTTPMethod
  public let path: RequestPath
  public let body: RequestBody
  public let authorization: Authorization
  public var sampleResponse: HTTPResponse { sample() }
  /// Built when asked for, so that an endpoint made for each request does not copy it.
  private let sample: @Sendable () -> HTTPResponse
  private let decoder: @Sendable (HTTPResponse) -> NetworkResult<Response>

  /// `decode` judges a reply, usually with ``judgeStatus(of:type:)``.
  public init(
    name: String, method: HTTPMethod, path: RequestPath, body: RequestBody = .none,
    authorization: Authorization,
    sampleResponse: @autoclosure @escaping @Sendable () -> HTTPResponse,
    decode: @escaping @Sendable (HTTPResponse) -> NetworkResult<Response>
  ) {
    self.name = name
    self.method = method
    self.path = path
    self.body = body
    self.authorization = authorization
    self.sample = sampleResponse
    self.decoder = decode
  }

  public func decode(_ response: HTTPResponse) -> NetworkResult<Response> { decoder(response) }

  /// `name METHOD /path`; the body may hold a password.
  public var description: String { "\(name) \(method) \(path)" }
  public var customMirror: Mirror {
    Mirror(self, children: ["name": name, "method": method, "path": path])
  }
}

/// What a request carries, in the manner of Moya's `Task`; a large multipart body streams
/// from a temporary file.
public enum RequestBody: Sendable {
  case none
  case json(any Encodable & Sendable)
  case multipart(MultipartFormData)
}

/// Whether an endpoint carries the session's credential: not for login and refresh, which
/// are how a session gets one; `Authorization: Bearer …` from the ``Authentication`` middleware
/// for every other.
public enum Authorization: Hashable, Sendable {
  case anonymous
  case bearer
}

/// A URL path held as segments, so that each is percent-encoded on its own: an id such as
/// `a/b` stays one segment (`a%2Fb`), and an id `..` stays data (`%2E%2E`).
public struct RequestPath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// Not encoded.
  public let segments: [String]

  public init(_ segments: [String]) { self.segments = segments }

  /// A fixed path such as `"/cards"`, split at each `/`.
  public init(stringLiteral value: String) {
    segments = value.split(separator: "/").map(String.init)
  }

  /// The path with each segment percent-encoded, starting with `/`.
  public var percentEncoded: String { encoded(after: "") }

  public var description: String { percentEncoded }

  /// `prefix` followed by ``percentEncoded``, built in one string.
  func encoded(after prefix: String) -> String {
    var text = prefix
    text.reserveCapacity(prefix.utf8.count + segments.reduce(1) { $0 + 1 + 3 * $1.utf8.count })
    if segments.isEmpty { text += "/" }
    for segment in segments {
      text += "/"
      let bytes = segment.utf8
      if !bytes.isEmpty && !bytes.contains(where: { $0 != UInt8(ascii: ".") }) {
        // `.` and `..` mean "this" and "parent" to every URL resolver: keep them data.
        text += String(repeating: "%2E", count: bytes.count)
      } else if bytes.allSatisfy(Self.mayStandUnencoded) {
        text += segment
      } else {
        for byte in bytes {
          if Self.mayStandUnencoded(byte) {
            text.unicodeScalars.append(Unicode.Scalar(byte))
          } else {
            text += (byte < 16 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
          }
        }
      }
    }
    return text
  }

  /// RFC 3986's unreserved characters, the sub-delimiters, `:` and `@`.
  private static func mayStandUnencoded(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: "-._~!$&'()*+,;=:@".utf8.contains(byte)
    }
  }
}
