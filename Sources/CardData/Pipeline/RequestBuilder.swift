import Foundation

/// Turns an endpoint into an ``HTTPRequest``: base URL plus percent-encoded path and query,
/// `Accept: application/json`, and a body with an explicit `Content-Type`.
struct RequestBuilder: Sendable {
  let baseURL: URL
  let multipartEncoder: MultipartEncoder

  func build(_ endpoint: some TargetType) throws(PipelineError) -> PreparedRequest {
    var headers: HTTPHeaders = ["Accept": "application/json"]
    var body = HTTPBody.empty
    var summary = RequestBodySummary.empty
    var temporaryFile: URL?
    var query: [URLQueryItem] = []

    switch endpoint.task {
    case .plain:
      break
    case .query(let items):
      query = items
    case .json(let value):
      let data: Data
      do {
        data = try Self.jsonEncoder.encode(value)
      } catch {
        throw .encoding(reason: "the JSON body of \(endpoint.name) cannot be encoded: \(error)")
      }
      headers["Content-Type"] = "application/json"
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

    let request = HTTPRequest(
      method: endpoint.method,
      url: try url(for: endpoint.path, query: query),
      headers: headers.merging(endpoint.headers),
      body: body
    )
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
