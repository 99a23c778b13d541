import CardPrimitives
import Foundation

/// A request the sandbox refuses: the status (400...599) and sentence that go into the
/// envelope, and the header fields HTTP requires with some statuses.
struct APIError: Error, Sendable {
  let status: Int
  let message: String
  var headers: HeaderFields = [:]

  static func badRequest(_ message: String) -> Self { Self(status: 400, message: message) }
  static func forbidden(_ message: String) -> Self { Self(status: 403, message: message) }
  static func notFound(_ message: String) -> Self { Self(status: 404, message: message) }
  static func tooLarge(_ message: String) -> Self { Self(status: 413, message: message) }
  static func unsupportedMediaType(_ message: String) -> Self {
    Self(status: 415, message: message)
  }
  static func internalError(_ message: String) -> Self { Self(status: 500, message: message) }

  /// With the `WWW-Authenticate` challenge HTTP requires on a `401` (RFC 9110 §11.6.1).
  static func unauthorized(_ message: String) -> APIError {
    APIError(
      status: 401, message: message,
      headers: ["WWW-Authenticate": #"Bearer realm="card-sandbox""#])
  }

  /// With `Retry-After` in whole seconds (RFC 9110 §10.2.3), as RFC 6585 §4 suggests.
  static func tooManyRequests(_ message: String, retryAfter seconds: Int) -> APIError {
    APIError(status: 429, message: message, headers: ["Retry-After": String(seconds)])
  }

  /// With the `Allow` field HTTP requires on a `405` (RFC 9110 §15.5.6).
  static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> APIError {
    APIError(
      status: 405,
      message: "\(path) does not support \(method); use \(allowed.joined(separator: " or "))",
      headers: ["Allow": allowed.joined(separator: ", ")])
  }
}

/// The body of every JSON response. `data` is always written: a `Payload` of `nil` is `null`.
private struct Envelope<Payload: Encodable>: Encodable {
  let status: Int
  let success: Bool
  let message: String
  let data: Payload
}

extension SandboxResponse {
  /// Without `data`, the envelope's `data` is `null`.
  static func envelope<Payload: Encodable>(
    _ status: Int, _ message: String, data: Payload = Never?.none, headers: HeaderFields = [:]
  ) -> SandboxResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    var headers = headers
    headers["Content-Type"] = "application/json; charset=utf-8"
    let envelope = Envelope(
      status: status, success: (200..<300).contains(status), message: message, data: data)
    guard let body = try? encoder.encode(envelope) else {
      // Unreachable with the sandbox's payloads, which hold no floating-point numbers.
      let fallback = #"{"status":500,"success":false,"message":"encoding failed","data":null}"#
      return SandboxResponse(status: 500, headers: headers, body: Data(fallback.utf8))
    }
    return SandboxResponse(status: status, headers: headers, body: body)
  }

  static func failure(_ error: APIError) -> SandboxResponse {
    envelope(error.status, error.message, headers: error.headers)
  }
}

/// Reads a JSON request body: `415` for another content type or charset, `400` naming the
/// field for anything malformed, and `400` naming the key for an object that names a key
/// twice (``RepeatedJSONKey``), wherever it is. Unknown keys are ignored.
enum JSONBody {
  static func decode<T: Decodable>(_ type: T.Type, from request: SandboxRequest)
    throws(APIError) -> T
  {
    let mediaType = try ParameterizedHeader.contentType("application/json", of: request)
    if let charset = mediaType.parameters["charset"], charset.lowercased() != "utf-8" {
      throw .unsupportedMediaType("the JSON body must be UTF-8, not \(charset)")
    }
    guard !request.body.isEmpty else {
      throw .badRequest("the request body is empty; send a JSON object")
    }
    let value: T
    do {
      value = try JSONDecoder().decode(T.self, from: request.body)
    } catch {
      throw .badRequest(message(for: error))
    }
    do {
      try RepeatedJSONKey.check(request.body)
    } catch {
      throw .badRequest(refusal(error))
    }
    return value
  }

  /// `the key milliseconds appears more than once in one object`.
  static func refusal(_ problem: RepeatedJSONKey.Problem) -> String {
    switch problem {
    case .repeated(let key): "the key \(key.prefix(100)) appears more than once in one object"
    case .tooDeep: "the request body is nested too deeply"
    }
  }

  private static func message(for error: any Error) -> String {
    guard let error = error as? DecodingError else { return "the request body is not valid JSON" }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(describe(context.codingPath + [key])) is required"
    case .valueNotFound(_, let context):
      return "\(describe(context.codingPath)) must not be null"
    case .typeMismatch(_, let context) where context.codingPath.isEmpty:
      return "the request body must be a JSON object"
    case .typeMismatch(let expected, let context):
      return "\(describe(context.codingPath)) must be \(noun(for: expected))"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "the request body is not valid JSON"
    case .dataCorrupted(let context):
      return "\(describe(context.codingPath)) is malformed"
    @unknown default:
      return "the request body is malformed"
    }
  }

  private static func noun(for type: Any.Type) -> String {
    if type == String.self { return "a string" }
    if type == [Any].self { return "an array" }
    if type == [String: Any].self { return "an object" }
    return "a \(type)"
  }

  /// A coding path as people read it: `cardIds[1]`, `cards.c1.userId`.
  static func describe(_ keys: [any CodingKey]) -> String {
    keys.reduce("") { path, key in
      if let index = key.intValue { return "\(path)[\(index)]" }
      return path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)"
    }
  }
}

extension Sandbox {
  /// The sandbox's refusal of `body`, a JSON object that has already decoded, when it names a
  /// key twice in one object (`RepeatedJSONKey`), or `nil`: for the reference server's admin
  /// path, which reads its bodies itself.
  public static func repeatedKeyRefusal(in body: Data) -> String? {
    do {
      try RepeatedJSONKey.check(body)
      return nil
    } catch {
      return JSONBody.refusal(error)
    }
  }
}
