import Foundation

/// The replies the endpoints' `sampleResponse` carries, as the contract's examples: cards
/// `c1` (every field set) and `c2` (optional fields absent or `null`) of `demo`, a card `c3`
/// just created, and obviously fake tokens. Built once, since an endpoint value is made for
/// every request.
enum SampleReplies {
  static let cardList = reply(200, "cards fetched", "[\(c1), \(c2)]")
  static let cardDetail = reply(200, "card fetched", c1)
  static let cardCreation = reply(201, "card created", c3)
  static let cardListEdit = reply(200, "card list edited", "[\(c2), \(c1)]")
  static let cardDelete = reply(200, "card deleted", "null")
  static let cardSearch = reply(200, "cards found", "[\(c2)]")
  static let login = reply(200, "signed in", token(""))
  static let refresh = reply(200, "token refreshed", token("-2"))
  static let logout = reply(200, "signed out", "null")

  private static let c1 = """
    {"cardId": "c1", "userId": "demo", "title": "SOPT 29th iOS", "name": "Kim Minji", \
    "birthday": "1999-03-02", "mbti": "INFP", "instagram": "minji.dev", \
    "linkURL": "https://example.com/minji", "description": "iOS developer", \
    "defaultImage": 2, "imageURL": "/card/c1/image", \
    "tmi": ["likes coffee", "runs marathons", "has a cat"]}
    """
  private static let c2 = """
    {"cardId": "c2", "userId": "demo", "title": "SOPT 29th Server", "name": "Lee Jun", \
    "birthday": null, "mbti": "ESTJ", "defaultImage": 0, "imageURL": null, \
    "tmi": ["plays the drums"]}
    """
  private static let c3 = """
    {"cardId": "c3", "userId": "demo", "title": null, "name": "Park Seoyeon", \
    "birthday": "2000-12-24", "mbti": "ENFJ", "instagram": "seoyeon.park", "linkURL": null, \
    "description": "designer", "defaultImage": 5, "imageURL": null, "tmi": []}
    """

  private static func token(_ suffix: String) -> String {
    """
    {"accessToken": "sample-access-token\(suffix)", \
    "refreshToken": "sample-refresh-token\(suffix)", "expiresIn": 3600}
    """
  }

  /// The envelope around `data`, with `Content-Type: application/json`.
  private static func reply(_ status: Int, _ message: String, _ data: String) -> HTTPResponse {
    let body =
      #"{"status": \#(status), "success": true, "message": "\#(message)", "data": \#(data)}"#
    return HTTPResponse(
      status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
  }
}
