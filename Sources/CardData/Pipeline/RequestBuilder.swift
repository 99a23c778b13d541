import Foundation

/// Turns an endpoint into an ``HTTPRequest``: base URL plus percent-encoded path and query,
/// `Accept: application/json`, and a body with an explicit `Content-Type`.
struct RequestBuilder: Sendable {
  let baseURL: URL
  let multipartEncoder: MultipartEncoder

  func build(_ endpoint: some TargetType) throws(PipelineError) -> PreparedRequest {
    let query: [URLQueryItem]
    if case .query(let items) = endpoint.task { query = items } else { query = [] }
    // The URL first: nothing below may leave a temporary file behind when it throws.
    let url = try url(for: endpoint.path, query: query)

    // An endpoint may set `Accept`, and a JSON media type of its own, but a multipart
    // `Content-Type` is always the encoder's: its boundary must match the body.
    var headers = (["Accept": "application/json"] as HTTPHeaders).merging(endpoint.headers)
    var body = HTTPBody.empty
    var summary = RequestBodySummary.empty
    var temporaryFile: URL?

    switch endpoint.task {
    case .plain, .query:
      break
    case .json(let value):
      let data: Data
      do {
        data = try Self.jsonEncoder.encode(value)
      } catch {
        throw .encoding(reason: "the JSON body of \(endpoint.name) cannot be encoded: \(error)")
      }
      headers["Content-Type"] = headers["Content-Type"] ?? "application/json"
      body = .data(data)
      summary = .json(data)
    case .multipart(let form):
      let encoded: EncodedMultipartBody
      do {
        encoded = try multipartEncoder.encode(form)
      } catch {
        throw .encoding(reason: error.description)
      }
      headers["Content-Type"] = encoded.contentType
      body = encoded.body
      summary = .multipart(form.parts.map(RequestBodySummary.Part.init))
      temporaryFile = encoded.temporaryFile
    }

    let request = HTTPRequest(method: endpoint.method, url: url, headers: headers, body: body)
    return PreparedRequest(request: request, bodySummary: summary, temporaryFile: temporaryFile)
  }

  private func url(for path: RequestPath, query: [URLQueryItem]) throws(PipelineError) -> URL {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
      throw .encoding(reason: "the base URL \(baseURL) is not a valid URL")
    }
    var basePath = components.percentEncodedPath
    while basePath.hasSuffix("/") { basePath.removeLast() }
    components.percentEncodedPath = basePath + path.percentEncoded
    if !query.isEmpty {
      components.percentEncodedQuery = query.map(Self.encodeQueryItem).joined(separator: "&")
    }
    guard let url = components.url else {
      throw .encoding(reason: "no valid URL for \(path) below \(baseURL)")
    }
    return url
  }

  private static let jsonEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// `name=value` with everything but RFC 3986's unreserved characters percent-encoded,
  /// so that `+`, `&` and `=` inside values survive.
  private static func encodeQueryItem(_ item: URLQueryItem) -> String {
    let name = percentEncode(item.name)
    guard let value = item.value else { return name }
    return "\(name)=\(percentEncode(value))"
  }

  private static func percentEncode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
  )
}
