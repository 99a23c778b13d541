import CardData
import CardPrimitives
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An ``CardData/HTTPRequest`` turned into what `URLSession` sends: a `.data` body in
/// `httpBody`, a `.file` body streamed by `upload(for:fromFile:)` with its `Content-Length`.
///
/// A file is never sent as `httpBodyStream` alone: FoundationNetworking sends that chunked,
/// and with a `Content-Length` as well. The upload's request still carries the file as an
/// unopened `httpBodyStream`, because FoundationNetworking hands a `URLProtocol` no upload body.
struct OutgoingRequest {
  var urlRequest: URLRequest
  var uploadFile: URL?

  /// A `.file` body whose file is missing, unreadable or not of the stated length throws
  /// ``CardData/TransportError/Kind/invalidRequest``.
  init(_ request: HTTPRequest, timeoutInterval: TimeInterval) throws(TransportError) {
    var urlRequest = URLRequest(url: request.url)
    // Through the property: FoundationNetworking ignores the initializer's interval.
    urlRequest.timeoutInterval = timeoutInterval
    urlRequest.httpMethod = request.method.rawValue
    for field in request.headers {
      urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
    }
    // Without a `Content-Type`, FoundationNetworking would add a form type to a POST.
    if request.body != .empty, request.headers["Content-Type"] == nil {
      urlRequest.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
    }
    switch request.body {
    case .empty: break
    case .data(let data): urlRequest.httpBody = data
    case .file(let url, let length):
      try Self.check(url, length: length)
      urlRequest.httpBodyStream = InputStream(url: url)
      uploadFile = url
    }
    self.urlRequest = urlRequest
  }

  /// Throws unless `url` names a readable regular file of exactly `length` bytes; unchecked,
  /// FoundationNetworking reports a missing file only as "File system error", a `URLProtocol`
  /// reads it as an empty body, and a file of another length goes out unnoticed.
  private static func check(_ url: URL, length: Int64) throws(TransportError) {
    func invalid(_ problem: String) -> TransportError {
      TransportError(.invalidRequest, "body file \(url.path) \(problem)")
    }
    guard url.isFileURL else {
      throw TransportError(.invalidRequest, "body file \(url) is not a file URL")
    }
    // Follows a symbolic link, as the upload does.
    var info = stat()
    guard stat(url.path, &info) == 0 else {
      throw invalid("cannot be read: \(FileError("stat", url.path).reason)")
    }
    guard info.isRegularFile else { throw invalid("is not a regular file") }
    guard access(url.path, R_OK) == 0 else { throw invalid("is not readable") }
    guard Int64(info.st_size) == length else {
      throw invalid("has \(info.st_size) bytes, not \(length)")
    }
  }
}

extension HTTPResponse {
  /// `URLSession` keeps header fields in a dictionary that has already joined repeated fields
  /// with commas, so they come out sorted by name for a stable order. A response that is not
  /// HTTP throws ``CardData/TransportError/Kind/other``.
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
