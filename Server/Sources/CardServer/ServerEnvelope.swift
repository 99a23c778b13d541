import Foundation
import HTTPTypes
import Hummingbird

/// The contract's envelope for the answers the server gives itself (the body limit, the admin
/// path), so that every body a client sees has the sandbox's shape.
enum ServerEnvelope {
  private struct Body<Payload: Encodable>: Encodable {
    let status: Int
    let success: Bool
    let message: String
    let data: Payload
  }

  /// Without `data`, the envelope's `data` is `null`.
  static func response<Payload: Encodable>(
    _ status: Int, _ message: String, data: Payload = Never?.none, headers: HTTPFields = [:]
  ) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    let body = Body(
      status: status, success: (200..<300).contains(status), message: message, data: data)
    // The payloads here are strings, integers and booleans, which always encode.
    let bytes = (try? encoder.encode(body)) ?? Data()
    var headers = headers
    headers[.contentType] = "application/json; charset=utf-8"
    return Response(
      status: HTTPResponse.Status(code: status), headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}
