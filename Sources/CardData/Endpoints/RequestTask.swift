import Foundation

/// What a request carries, in the manner of Moya's `Task`.
public enum RequestTask: Sendable {
  /// Nothing.
  case plain
  /// Query parameters appended to the URL.
  case query([URLQueryItem])
  /// A JSON body, sent with `Content-Type: application/json`.
  case json(any Encodable & Sendable)
  /// A `multipart/form-data` body (RFC 7578).
  case multipart(MultipartFormData)
}
