/// The envelope every reply body is wrapped in, success or failure:
/// `{"status": 200, "success": true, "message": "card fetched", "data": …}`.
public struct GenericResponse<T: Decodable>: Decodable {
  /// The HTTP status code, repeated. Informational: the response's own status decides.
  public var status: Int
  /// `true` for 2xx.
  public var success: Bool
  /// A sentence for people; on failure it says what was wrong.
  public var message: String
  /// The payload; `nil` when `data` is `null` (always so on failure) or absent.
  public var data: T?

  /// Creates an envelope.
  public init(status: Int, success: Bool, message: String, data: T?) {
    self.status = status
    self.success = success
    self.message = message
    self.data = data
  }
}

extension GenericResponse: Encodable where T: Encodable {
  /// Encodes all four members; a missing payload is written as `"data": null`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(status, forKey: .status)
    try container.encode(success, forKey: .success)
    try container.encode(message, forKey: .message)
    if let data {
      try container.encode(data, forKey: .data)
    } else {
      try container.encodeNil(forKey: .data)
    }
  }
}

extension GenericResponse: Sendable where T: Sendable {}
extension GenericResponse: Equatable where T: Equatable {}
extension GenericResponse: Hashable where T: Hashable {}
