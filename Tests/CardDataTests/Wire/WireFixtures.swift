import CardDomain
import Foundation

@testable import CardData

/// Reply bodies and DTOs shared by the wire, result and endpoint tests.
enum WireFixtures {
  /// The contract's example card, every field set.
  static let fullCardJSON = """
    {
      "cardId": "c1",
      "userId": "demo",
      "title": "SOPT 29th iOS",
      "name": "Kim Minji",
      "birthday": "1999-03-02",
      "mbti": "INFP",
      "instagram": "minji.dev",
      "linkURL": "https://example.com/minji",
      "description": "iOS developer",
      "defaultImage": 2,
      "imageURL": "/card/c1/image",
      "tmi": ["likes coffee", "runs marathons", "has a cat"]
    }
    """

  /// The contract's example card as a DTO.
  static let fullCard = CardDTO(
    cardId: "c1",
    userId: "demo",
    title: "SOPT 29th iOS",
    name: "Kim Minji",
    birthday: "1999-03-02",
    mbti: "INFP",
    instagram: "minji.dev",
    linkURL: "https://example.com/minji",
    description: "iOS developer",
    defaultImage: 2,
    imageURL: "/card/c1/image",
    tmi: ["likes coffee", "runs marathons", "has a cat"]
  )

  /// A card with only the always-present fields.
  static let minimalCard = CardDTO(cardId: "c2", userId: "demo", name: "Lee Jun", defaultImage: 0)

  /// The envelope around `dataJSON` (a JSON text, `null` by default).
  static func envelope(
    status: Int = 200, success: Bool = true, message: String = "ok", data dataJSON: String = "null"
  ) -> Data {
    Data(
      """
      {"status": \(status), "success": \(success), "message": "\(message)", "data": \(dataJSON)}
      """.utf8)
  }

  /// The `fullCard` with one change.
  static func fullCard(_ change: (inout CardDTO) -> Void) -> CardDTO {
    var card = fullCard
    change(&card)
    return card
  }

  /// The JSON body an endpoint sends, with sorted keys; `nil` when it sends none.
  static func sortedJSON<Response>(of endpoint: Endpoint<Response>) throws -> String? {
    guard case .json(let body) = endpoint.body else { return nil }
    return try sortedJSON(body)
  }

  /// JSON text of a value with sorted keys, to compare field names and values exactly.
  static func sortedJSON(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
