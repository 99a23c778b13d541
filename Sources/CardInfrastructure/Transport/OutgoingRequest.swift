import CardData
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An ``CardData/HTTPRequest`` turned into what `URLSession` sends.
///
/// A `.data` body goes in `httpBody`, sent from memory through `data(for:)`. A `.file` body
/// is sent with `upload(for:fromFile:)`, which streams the file and declares its length in
/// `Content-Length`. The `URLRequest` of a file upload also carries the file as its
/// `httpBodyStream`: `URLSession` ignores it there, but a `URLProtocol` subclass is not
/// handed upload bodies by FoundationNetworking and reads that stream instead. The stream is
/// not opened unless a `URLProtocol` reads it.
///
/// A request body given only as `httpBodyStream` is not used for real servers because
/// FoundationNetworking sends it chunked, and with a `Content-Length` header set as well it
/// sends both, which HTTP/1.1 forbids.
struct OutgoingRequest {
  var urlRequest: URLRequest
  /// The file to upload, for a `.file` body.
  var uploadFile: URL?

  /// Set when the request has a body but no `Content-Type`, so that FoundationNetworking does
  /// not add `application/x-www-form-urlencoded` to a POST.
  static let fallbackContentType = "application/octet-stream"

  /// A `.file` body whose file is missing, unreadable or not of the stated length throws
  /// ``CardData/TransportError/Kind/invalidRequest``.
  init(_ request: HTTPRequest, timeoutInterval: TimeInterval) throws(TransportError) {
    var urlRequest = URLRequest(url: request.url)
    // Set through the property: FoundationNetworking ignores the interval given to
    // `URLRequest.init(url:cachePolicy:timeoutInterval:)` and uses the session's default.
    urlRequest.timeoutInterval = timeoutInterval
    urlRequest.httpMethod = request.method.rawValue
    for field in request.headers {
      urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
    }
    if request.body != .empty, request.headers["Content-Type"] == nil {
      urlRequest.setValue(Self.fallbackContentType, forHTTPHeaderField: "Content-Type")
    }
    switch request.body {
    case .empty:
      uploadFile = nil
    case .data(let data):
      urlRequest.httpBody = data
      uploadFile = nil
    case .file(let url, let length):
      try Self.check(url, length: length)
      urlRequest.httpBodyStream = InputStream(url: url)
      uploadFile = url
    }
    self.urlRequest = urlRequest
  }

  /// Throws unless `url` names a readable regular file of exactly `length` bytes. Without
  /// this check FoundationNetworking reports a missing file only as "File system error", a
  /// `URLProtocol` reads it as an empty body, and a file of another length than the body
  /// states goes out unnoticed.
  private static func check(_ url: URL, length: Int64) throws(TransportError) {
    guard url.isFileURL else {
      throw TransportError(.invalidRequest, "body file \(url) is not a file URL")
    }
    let path = url.resolvingSymlinksInPath().path
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: path)
    } catch {
      throw TransportError(.invalidRequest, "body file \(url.path) cannot be read: \(error)")
    }
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      throw TransportError(.invalidRequest, "body file \(url.path) is not a regular file")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw TransportError(.invalidRequest, "body file \(url.path) is not readable")
    }
    let size = (attributes[.size] as? NSNumber)?.int64Value
    guard size == length else {
      throw TransportError(
        .invalidRequest,
        "body file \(url.path) has \(size.map(String.init) ?? "unknown") bytes, not \(length)")
    }
  }
}

extension HTTPResponse {
  /// The response `URLSession` delivered, with its status, every header field and `body`.
  ///
  /// `URLSession` keeps header fields in a dictionary that has already joined repeated
  /// fields with commas, so the fields come out sorted by name for a stable order. A
  /// response that is not HTTP throws ``CardData/TransportError/Kind/other``.
  init(_ response: URLResponse, body: Data) throws(TransportError) {
    guard let response = response as? HTTPURLResponse else {
      throw TransportError(.other, "not an HTTP response: \(type(of: response))")
    }
    let fields = response.allHeaderFields.map { name, value in
      HTTPHeaders.Field(name: "\(name.base)", value: "\(value)")
    }
    self.init(
      status: response.statusCode,
      headers: HTTPHeaders(fields.sorted { $0.name.lowercased() < $1.name.lowercased() }),
      body: body)
  }
}
