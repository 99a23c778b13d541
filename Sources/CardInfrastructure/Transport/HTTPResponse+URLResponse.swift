import CardData
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

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
      body: body
    )
  }
}
