import CardData
import Foundation

/// What a ``StubTransport`` answers to one request.
public enum StubReply: Hashable, Sendable {
  case response(HTTPResponse)
  /// No response: this transport error.
  case failure(TransportError)
  /// No answer until the request's task is cancelled, which then throws `.cancelled`: a server
  /// that holds the request. Pair it with ``StubTransport/waitUntilReceived(_:)``.
  case hold

  /// The contract's envelope with `data` null and `success` following the status.
  public static func envelope(status: Int, message: String) -> StubReply {
    let envelope: [String: Any] = [
      "status": status, "success": (200..<300).contains(status), "message": message,
      "data": NSNull(),
    ]
    let body = (try? JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys]))
    return .response(
      HTTPResponse(
        status: status, headers: ["Content-Type": "application/json; charset=utf-8"],
        body: body ?? Data()))
  }

  /// `.status(204)`, `.status(200, body: #"{"status":200,…}"#)`.
  public static func status(_ status: Int, headers: HTTPHeaders = [:], body: String = "")
    -> StubReply
  {
    .response(HTTPResponse(status: status, headers: headers, body: Data(body.utf8)))
  }

  /// Any status with a raw body, such as a proxy's HTML error page.
  public static func raw(status: Int, body: String, contentType: String = "text/html") -> StubReply
  {
    .status(status, headers: ["Content-Type": contentType], body: body)
  }
}
