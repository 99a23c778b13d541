/// A request the sandbox refuses: the status and the sentence that go into the envelope.
struct APIError: Error, Sendable {
  /// The status code, 400...599.
  let status: Int
  /// What was wrong, as a sentence.
  let message: String
  /// Extra header fields, such as `Allow` on a `405`.
  var headers: SandboxHeaders = [:]

  /// `400`: a malformed body or field.
  static func badRequest(_ message: String) -> APIError { APIError(status: 400, message: message) }

  /// `401`, with the `WWW-Authenticate` challenge HTTP requires on it (RFC 9110 §11.6.1).
  static func unauthorized(_ message: String) -> APIError {
    APIError(
      status: 401, message: message,
      headers: ["WWW-Authenticate": #"Bearer realm="card-sandbox""#])
  }

  /// `403`: the resource belongs to another user.
  static func forbidden(_ message: String) -> APIError { APIError(status: 403, message: message) }

  /// `404`: no such resource or path.
  static func notFound(_ message: String) -> APIError { APIError(status: 404, message: message) }

  /// `405`, with the `Allow` field HTTP requires on it (RFC 9110 §15.5.6).
  static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> APIError {
    APIError(
      status: 405,
      message: "\(path) does not support \(method); use \(allowed.joined(separator: " or "))",
      headers: ["Allow": allowed.joined(separator: ", ")])
  }

  /// `413`: the body or a part of it is too large.
  static func tooLarge(_ message: String) -> APIError { APIError(status: 413, message: message) }

  /// `415`: the body or a part of it has the wrong media type.
  static func unsupportedMediaType(_ message: String) -> APIError {
    APIError(status: 415, message: message)
  }

  /// `500`: the sandbox itself failed.
  static func internalError(_ message: String) -> APIError {
    APIError(status: 500, message: message)
  }
}
