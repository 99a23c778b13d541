import CardPrimitives
import Foundation

public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public static let get = HTTPMethod(rawValue: "GET")
  public static let post = HTTPMethod(rawValue: "POST")
  public static let put = HTTPMethod(rawValue: "PUT")
  public static let patch = HTTPMethod(rawValue: "PATCH")
  public static let delete = HTTPMethod(rawValue: "DELETE")
  public static let head = HTTPMethod(rawValue: "HEAD")
  public static let options = HTTPMethod(rawValue: "OPTIONS")

  /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2),
  /// which is what makes it safe to retry: GET, HEAD, OPTIONS, PUT and DELETE.
  package var isIdempotent: Bool {
    [Self.get, .head, .options, .put, .delete].contains(self)
  }

  public var description: String { rawValue }
}

/// An HTTP request as a value: what the pipeline builds, middleware change and a transport
/// sends.
///
/// Printing a request, its headers or its body never shows a secret: credential headers
/// and secrets in the query are redacted, and a body is shown by its size.
public struct HTTPRequest: Hashable, Sendable {
  public var method: HTTPMethod
  /// The absolute URL, path and query already percent-encoded.
  public var url: URL
  public var headers: HTTPHeaders
  public var body: HTTPBody
  /// The longest the exchange may take, set by the pipeline from what is left of the call's
  /// ``CallDeadline``: a transport that can end an exchange early ends it by then, with
  /// ``TransportError/Kind/timedOut``. `nil` leaves it to the transport's own timeouts.
  public var timeLimit: Duration?
  /// Told of the body's bytes as the transport hands them to the network; the pipeline sets
  /// it for a middleware that watches the upload.
  public var uploadProgress: UploadProgressSink?

  public init(
    method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], body: HTTPBody = .empty,
    timeLimit: Duration? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeLimit = timeLimit
  }
}

/// An HTTP response as a value: status, header fields and the whole body.
public struct HTTPResponse: Hashable, Sendable {
  public var status: Int
  public var headers: HTTPHeaders
  public var body: Data

  public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}

extension HTTPResponse {
  /// The wait the `Retry-After` field asks for in its delay-seconds form (RFC 9110 §10.2.3:
  /// digits only, surrounding spaces allowed); `nil` when the field is absent, in the
  /// HTTP-date form, or too large for an `Int`.
  package var retryAfterSeconds: Int? {
    guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces),
      !value.isEmpty,
      value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return Int(value)
  }
}

/// The body of a request: nothing, bytes in memory, a file of a known length streamed from
/// disk, or segments of either sent one after another as one body (a multipart form, whose
/// file parts stream from their own files).
public enum HTTPBody: Hashable, Sendable {
  case empty
  case data(Data)
  case file(URL, length: Int64)
  case segments([Segment])

  /// A run of a body's bytes: in memory, or a whole file of the length it was measured at.
  public enum Segment: Hashable, Sendable {
    case data(Data)
    case file(URL, length: Int64)

    public var length: Int64 {
      switch self {
      case .data(let data): Int64(data.count)
      case .file(_, let length): length
      }
    }
  }

  public var length: Int64 { segments.reduce(0) { $0 + $1.length } }

  /// The body as segments in the order they are sent; none for an empty body.
  public var segments: [Segment] {
    switch self {
    case .empty: []
    case .data(let data): [.data(data)]
    case .file(let url, let length): [.file(url, length: length)]
    case .segments(let segments): segments
    }
  }
}

/// Header fields in order, names compared without regard to case.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
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
    set {
      // Adding a field the request lacks, such as `Authorization`, copies the fields once.
      if let newValue, storage[name] == nil {
        storage.add(name: name, value: newValue)
      } else {
        storage[name] = newValue
      }
    }
  }

  public func values(for name: String) -> [String] { storage.values(for: name) }

  /// Adds a field after the others, keeping any of the same name.
  public mutating func add(name: String, value: String) { storage.add(name: name, value: value) }

  public func makeIterator() -> some IteratorProtocol<Field> {
    storage.fields.lazy.map { Field(name: $0.name, value: $0.value) }.makeIterator()
  }
}

// Printing, interpolating or dumping an HTTP value never shows a secret: middleware and
// debuggers are handed these values, and any of them may print one.

extension HTTPHeaders: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  public var description: String {
    "["
      + map { "\($0.name): \(Redactor.standard.redact(headerValue: $0.value, name: $0.name))" }
      .joined(separator: ", ") + "]"
  }
  public var debugDescription: String { description }
  public var customMirror: Mirror { Mirror(self, unlabeledChildren: [description]) }
}

extension HTTPBody: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  public var description: String {
    switch self {
    case .empty: "<empty body>"
    case .data(let data): "<\(data.count) bytes>"
    case .file(_, let length): "<file of \(length) bytes>"
    case .segments(let segments): "<\(length) bytes in \(segments.count) segments>"
    }
  }
  public var debugDescription: String { description }
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension HTTPBody.Segment: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  public var description: String {
    switch self {
    case .data(let data): "<\(data.count) bytes>"
    case .file(_, let length): "<file of \(length) bytes>"
    }
  }
  public var debugDescription: String { description }
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  public var description: String {
    "\(method) \(Redactor.standard.redact(url: url)) \(headers) \(body)"
  }
  public var debugDescription: String { description }
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "method": method, "url": Redactor.standard.redact(url: url), "headers": headers,
        "body": body,
      ])
  }
}

extension HTTPResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  public var description: String { "\(status) \(headers) <\(body.count) bytes>" }
  public var debugDescription: String { description }
  public var customMirror: Mirror {
    Mirror(self, children: ["status": status, "headers": headers, "bodyBytes": body.count])
  }
}
