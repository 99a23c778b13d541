import Foundation

/// The state a new or reset sandbox starts from: `demo`/`demo` with cards `c1` and `c2`,
/// `guest`/`guest` with card `c3`, and no tokens.
enum SeedData {
  /// Fixed, and never written to the database.
  static let users = [(userId: "demo", password: "demo"), (userId: "guest", password: "guest")]

  /// The number of the first card created after the seed cards.
  static let nextCardNumber = 4

  /// A 1×1 grey PNG, the uploaded picture of `c1`.
  private static let samplePNG = Data(
    base64Encoded:
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="
  )!

  static let cards = [
    CardRecord(
      cardId: "c1", userId: "demo",
      content: CardContent(
        title: "SOPT 29th iOS", name: "Kim Minji", birthday: "1999-03-02", mbti: "INFP",
        instagram: "minji.dev", linkURL: "https://example.com/minji",
        description: "iOS developer", defaultImage: 2,
        tmi: ["likes coffee", "runs marathons", "has a cat"],
        image: StoredImage(contentType: "image/png", bytes: samplePNG))),
    CardRecord(
      cardId: "c2", userId: "demo",
      content: CardContent(
        title: "SOPT 29th 디자인 파트", name: "이서준", birthday: "2000-11-23", mbti: "ENTJ",
        instagram: nil, linkURL: "https://example.com/seojun",
        description: "UX/UI 디자이너, 타이포그래피를 좋아해요", defaultImage: 4,
        tmi: ["민트초코 좋아함", "고양이 두 마리와 살아요"], image: nil)),
    CardRecord(
      cardId: "c3", userId: "guest",
      content: CardContent(
        title: nil, name: "Alex Park", birthday: nil, mbti: nil, instagram: "alex.park",
        linkURL: nil, description: "Guest of the demo", defaultImage: 0, tmi: [],
        image: nil)),
  ]
}
