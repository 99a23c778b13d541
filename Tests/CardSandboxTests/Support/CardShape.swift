import Foundation
import Testing

/// The contract's `Card` fields and their JSON types.
enum CardShape {
  static let required: [String: JSONType] = [
    "cardId": .string, "userId": .string, "name": .string, "defaultImage": .integer,
  ]
  static let optional: [String: JSONType] = [
    "title": .string, "birthday": .string, "mbti": .string, "instagram": .string,
    "linkURL": .string, "description": .string, "imageURL": .string, "tmi": .array,
  ]

  /// Records an issue for every field of `card` that the contract does not name or whose
  /// type is wrong, and for every required field that is missing. Absent optional fields
  /// are left out, never `null`.
  static func check(_ card: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
    for (key, type) in required {
      #expect(JSONType(of: card[key]) == type, "\(key)", sourceLocation: sourceLocation)
    }
    for (key, value) in card where required[key] == nil {
      #expect(optional[key] != nil, "unexpected field \(key)", sourceLocation: sourceLocation)
      #expect(JSONType(of: value) == optional[key], "\(key)", sourceLocation: sourceLocation)
    }
    if let tmi = card["tmi"] as? [Any] {
      #expect((1...3).contains(tmi.count), sourceLocation: sourceLocation)
      #expect(tmi.allSatisfy { $0 is String }, sourceLocation: sourceLocation)
    }
    if let defaultImage = card["defaultImage"] as? Int {
      #expect((0...5).contains(defaultImage), sourceLocation: sourceLocation)
    }
  }
}
