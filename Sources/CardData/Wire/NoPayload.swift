/// The payload of replies whose `data` is always `null`: `cardDelete` and `logout`.
///
/// It decodes only from JSON `null`, so a reply that unexpectedly carries data is a
/// contract mismatch rather than silently accepted.
public struct NoPayload: Codable, Hashable, Sendable {
  /// The only value.
  public init() {}

  /// Decodes from `null`; anything else is a type mismatch.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    guard container.decodeNil() else {
      throw DecodingError.typeMismatch(
        NoPayload.self,
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected null")
      )
    }
  }

  /// Encodes as `null`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encodeNil()
  }
}
