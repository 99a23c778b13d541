import Foundation

/// The body of every JSON response: `{"status", "success", "message", "data"}`, where `data`
/// is always written, as `null` when there is no payload.
struct Envelope<Payload: Encodable>: Encodable {
  /// The HTTP status, repeated.
  let status: Int
  /// Whether the status is 2xx.
  var success: Bool { (200..<300).contains(status) }
  /// A sentence for people.
  let message: String
  /// The payload; `nil` is written as `null`.
  let data: Payload?

  private enum CodingKeys: String, CodingKey {
    case status, success, message, data
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(status, forKey: .status)
    try container.encode(success, forKey: .success)
    try container.encode(message, forKey: .message)
    try container.encode(data, forKey: .data)
  }
}

extension SandboxResponse {
  /// `application/json; charset=utf-8`, the type of every envelope.
  static let jsonContentType = "application/json; charset=utf-8"

  /// A response whose body is the envelope of `data`.
  static func envelope<Payload: Encodable>(
    _ status: Int, _ message: String, data: Payload?, headers: SandboxHeaders = [:]
  ) -> SandboxResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    var headers = headers
    headers["Content-Type"] = jsonContentType
    guard let body = try? encoder.encode(Envelope(status: status, message: message, data: data))
    else {
      // Unreachable with the sandbox's payloads, which hold no floating-point numbers.
      let fallback = #"{"status":500,"success":false,"message":"encoding failed","data":null}"#
      return SandboxResponse(status: 500, headers: headers, body: Data(fallback.utf8))
    }
    return SandboxResponse(status: status, headers: headers, body: body)
  }

  /// A response whose envelope has `"data": null`.
  static func envelope(_ status: Int, _ message: String, headers: SandboxHeaders = [:])
    -> SandboxResponse
  {
    envelope(status, message, data: Never?.none, headers: headers)
  }

  /// The failure envelope of `error`, with its extra header fields.
  static func failure(_ error: APIError) -> SandboxResponse {
    envelope(error.status, error.message, headers: error.headers)
  }
}
