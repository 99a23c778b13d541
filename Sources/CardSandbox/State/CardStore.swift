import CardPrimitives
import Foundation

/// Every user's cards in their list order, in the tables `card` and `image`. Card ids are `c`
/// and a counter that only grows, so an id is never used twice, not even after its card is
/// deleted or the sandbox reset.
struct CardStore {
  let connection: SQLiteConnection

  /// The user's cards in list order, their images' types without their bytes.
  func list(for userId: String) throws(APIError) -> [CardRecord] {
    try APIError.reading { () throws(SQLiteError) in
      try connection.query(
        """
        SELECT card.card_id, card.user_id, title, name, birthday, mbti, instagram, link_url,
          description, default_image, first_tmi, second_tmi, third_tmi, image.content_type
        FROM card LEFT JOIN image ON image.card_id = card.card_id
        WHERE card.user_id = ? ORDER BY position
        """, [.text(userId)], Self.record)
    }
  }

  /// The card `cardId`; `404` when there is none, `403` when another user owns it.
  func card(_ cardId: String, for userId: String) throws(APIError) -> CardRecord {
    let found = try APIError.reading { () throws(SQLiteError) in
      try connection.query(
        """
        SELECT card.card_id, card.user_id, title, name, birthday, mbti, instagram, link_url,
          description, default_image, first_tmi, second_tmi, third_tmi, image.content_type
        FROM card LEFT JOIN image ON image.card_id = card.card_id
        WHERE card.card_id = ?
        """, [.text(cardId)], Self.record)
    }
    guard let record = found.first else { throw .notFound("card \(cardId) not found") }
    guard record.userId == userId else {
      throw .forbidden("card \(cardId) belongs to another user")
    }
    return record
  }

  /// The uploaded picture of the card, bytes and all; `nil` when it has none; `404` and `403`
  /// as ``card(_:for:)``.
  func image(of cardId: String, for userId: String) throws(APIError) -> StoredImage? {
    _ = try card(cardId, for: userId)
    return try APIError.reading { () throws(SQLiteError) in
      try connection.query(
        "SELECT content_type, bytes FROM image WHERE card_id = ?", [.text(cardId)]
      ) { row in StoredImage(contentType: row.text(0) ?? "", bytes: row.blob(1) ?? Data()) }
      .first
    }
  }

  /// New cards go at the end of the user's list.
  func create(_ content: CardContent, for userId: String) throws(APIError) -> CardRecord {
    try APIError.saving { () throws(SQLiteError) in
      let number =
        try connection.query(
          "UPDATE counter SET value = value + 1 WHERE name = 'next card number' RETURNING value",
          []
        ) { row in row.int(0) - 1 }.first ?? SeedData.nextCardNumber
      let record = CardRecord(cardId: "c\(number)", userId: userId, content: content)
      try insert(record)
      return record
    }
  }

  /// `cardIds` must name every card of the list exactly once; `400` otherwise.
  func reorder(_ cardIds: [String], for userId: String) throws(APIError) -> [CardRecord] {
    let current = try list(for: userId).map(\.cardId)
    if let refusal = reorderRefusal(cardIds, of: current) { throw .badRequest(refusal) }
    try APIError.saving { () throws(SQLiteError) in
      for (position, cardId) in cardIds.enumerated() {
        try connection.run(
          "UPDATE card SET position = ? WHERE card_id = ?", .integer(position), .text(cardId))
      }
    }
    return try list(for: userId)
  }

  func delete(_ cardId: String, for userId: String) throws(APIError) {
    _ = try card(cardId, for: userId)
    try APIError.saving { () throws(SQLiteError) in
      try connection.run("DELETE FROM image WHERE card_id = ?", .text(cardId))
      try connection.run("DELETE FROM card WHERE card_id = ?", .text(cardId))
    }
  }

  /// Adds `record` at the end of its owner's list, with its image when it has one.
  func insert(_ record: CardRecord) throws(SQLiteError) {
    let content = record.content
    func tmi(_ index: Int) -> SQLiteValue {
      .optional(content.tmi.indices.contains(index) ? content.tmi[index] : nil)
    }
    try connection.run(
      """
      INSERT INTO card (card_id, user_id, position, title, name, birthday, mbti, instagram,
        link_url, description, default_image, first_tmi, second_tmi, third_tmi)
      VALUES (?1, ?2, (SELECT coalesce(max(position), -1) + 1 FROM card WHERE user_id = ?2),
        ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
      """,
      .text(record.cardId), .text(record.userId), .optional(content.title), .text(content.name),
      .optional(content.birthday), .optional(content.mbti), .optional(content.instagram),
      .optional(content.linkURL), .optional(content.description),
      .integer(content.defaultImage), tmi(0), tmi(1), tmi(2))
    if let image = content.image {
      try connection.run(
        "INSERT INTO image (card_id, content_type, bytes) VALUES (?, ?, ?)",
        .text(record.cardId), .text(image.contentType), .blob(image.bytes))
    }
  }

  /// A row of the card queries above; an image's type comes without its bytes.
  private static func record(_ row: borrowing SQLiteRow) -> CardRecord {
    CardRecord(
      cardId: row.text(0) ?? "", userId: row.text(1) ?? "",
      content: CardContent(
        title: row.text(2), name: row.text(3) ?? "", birthday: row.text(4), mbti: row.text(5),
        instagram: row.text(6), linkURL: row.text(7), description: row.text(8),
        defaultImage: row.int(9),
        tmi: [row.text(10), row.text(11), row.text(12)].compactMap { $0 },
        image: row.text(13).map { StoredImage(contentType: $0, bytes: Data()) }))
  }
}
