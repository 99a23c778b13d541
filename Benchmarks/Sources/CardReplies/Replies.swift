import Foundation

/// The replies both the benchmark suite and the drills measure: one card as
/// `GET /card/{cardId}` answers it (`card`), a list of 100 such cards as `GET /cards` answers
/// it (`list`), and the 20-card list the network drill's server sends (`networkList`).
public enum Replies {
  public static let cardJSON = """
    {"birthday":"2000-11-23","cardId":"c1","defaultImage":4,\
    "description":"UX/UI 디자이너, 타이포그래피를 좋아해요","linkURL":"https://example.com/seojun",\
    "mbti":"ENTJ","name":"이서준","title":"SOPT 29th 디자인 파트",\
    "tmi":["민트초코 좋아함","고양이 두 마리와 살아요"],"userId":"demo"}
    """
  public static let card = Data(
    #"{"data":\#(cardJSON),"message":"card fetched","status":200,"success":true}"#.utf8)
  public static let list = list(of: 100)
  public static let networkList = list(of: 20)

  /// `GET /cards`'s envelope around `count` copies of ``cardJSON``.
  public static func list(of count: Int) -> Data {
    Data(
      (#"{"data":["# + Array(repeating: cardJSON, count: count).joined(separator: ",")
        + #"],"message":"cards fetched","status":200,"success":true}"#).utf8)
  }
}
