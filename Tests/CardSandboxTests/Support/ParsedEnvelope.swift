import CardPrimitives
import CardSandbox
import Foundation
import Testing

/// A response body read with `JSONSerialization` and checked to be exactly the contract's
/// envelope: the four keys with their types, `success` matching the status, and
/// `data` null on failure.
struct ParsedEnvelope {
  /// The `status` field.
  let status: Int
  /// The `success` field.
  let success: Bool
  /// The `message` field.
  let message: String
  /// The `data` field: `NSNull`, a dictionary or an array.
  let data: Any

  /// Parses `response`, recording an issue for every departure from the envelope.
  init(_ response: SandboxResponse, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(
      response.headers["Content-Type"] == "application/json; charset=utf-8",
      sourceLocation: sourceLocation)
    let object = try #require(
      try JSONSerialization.jsonObject(with: response.body) as? [String: Any],
      sourceLocation: sourceLocation)
    #expect(
      Set(object.keys) == ["status", "success", "message", "data"], sourceLocation: sourceLocation)
    #expect(JSONType(of: object["status"]) == .integer, sourceLocation: sourceLocation)
    #expect(JSONType(of: object["success"]) == .bool, sourceLocation: sourceLocation)
    status = try #require(object["status"] as? Int, sourceLocation: sourceLocation)
    success = try #require(object["success"] as? Bool, sourceLocation: sourceLocation)
    message = try #require(object["message"] as? String, sourceLocation: sourceLocation)
    data = try #require(object["data"], sourceLocation: sourceLocation)
    #expect(status == response.status, sourceLocation: sourceLocation)
    #expect(success == (200..<300).contains(status), sourceLocation: sourceLocation)
    #expect(!message.isEmpty, sourceLocation: sourceLocation)
    if !success { #expect(data is NSNull, sourceLocation: sourceLocation) }
  }

  /// `data` as an object.
  func object(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    try #require(data as? [String: Any], sourceLocation: sourceLocation)
  }

  /// `data` as an array of objects.
  func objects(sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
    try #require(data as? [[String: Any]], sourceLocation: sourceLocation)
  }

  /// Whether `data` is `null`.
  var dataIsNull: Bool { data is NSNull }
}

/// The JSON type of a value from `JSONSerialization`, telling booleans from numbers.
enum JSONType: Equatable {
  case string, integer, number, bool, null, array, object, absent

  init(of value: Any?) {
    switch value {
    case nil: self = .absent
    case is NSNull: self = .null
    case is String: self = .string
    case let number as NSNumber:
      switch String(cString: number.objCType) {
      case "c": self = .bool
      case "d", "f": self = .number
      default: self = .integer
      }
    case is [Any]: self = .array
    case is [String: Any]: self = .object
    default: self = .absent
    }
  }
}
