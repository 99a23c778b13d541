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
  /// The request to hand to `URLSession`.
  var urlRequest: URLRequest
  /// The file to upload, for a `.file` body.
  var uploadFile: URL?

  /// The content type set when the request has a body but no `Content-Type`, so that
  /// FoundationNetworking does not add `application/x-www-form-urlencoded` to a POST.
  static let fallbackContentType = "application/octet-stream"

  /// Builds the outgoing request; a `.file` body whose file is missing, unreadable or not of
  /// the stated length throws ``CardData/TransportError/Kind/invalidRequest``.
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
      try FileBody.check(url, length: length)
      urlRequest.httpBodyStream = InputStream(url: url)
      uploadFile = url
    }
    self.urlRequest = urlRequest
  }
}
