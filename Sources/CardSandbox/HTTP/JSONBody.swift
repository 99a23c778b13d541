import Foundation

/// Reads the JSON body of `/auth/login`, `/auth/refresh` and `PUT /cards` into a
/// `Decodable` type, answering `415` for another content type and `400` naming the field
/// for anything malformed. Unknown keys are ignored.
enum JSONBody {
  /// The body of `request` decoded as `T`.
  static func decode<T: Decodable>(_ type: T.Type, from request: SandboxRequest)
    throws(APIError) -> T
  {
    let sent = request.headers["Content-Type"]
    guard let sent, let mediaType = MediaType(sent), mediaType.essence == MediaType.json else {
      let what = sent.map { "not \($0)" } ?? "but the request has none"
      throw .unsupportedMediaType("the Content-Type must be application/json, \(what)")
    }
    if let charset = mediaType.parameters["charset"], charset.lowercased() != "utf-8" {
      throw .unsupportedMediaType("the JSON body must be UTF-8, not \(charset)")
    }
    guard !request.body.isEmpty else {
      throw .badRequest("the request body is empty; send a JSON object")
    }
    do {
      return try JSONDecoder().decode(T.self, from: request.body)
    } catch let error as DecodingError {
      throw .badRequest(message(for: error))
    } catch {
      throw .badRequest("the request body is not valid JSON")
    }
  }

  private static func message(for error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      return "\(CodingPathText.describe(context.codingPath + [key])) is required"
    case .valueNotFound(_, let context):
      return "\(CodingPathText.describe(context.codingPath)) must not be null"
    case .typeMismatch(_, let context) where context.codingPath.isEmpty:
      return "the request body must be a JSON object"
    case .typeMismatch(let expected, let context):
      return "\(CodingPathText.describe(context.codingPath)) must be \(noun(for: expected))"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "the request body is not valid JSON"
    case .dataCorrupted(let context):
      return "\(CodingPathText.describe(context.codingPath)) is malformed"
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
}
