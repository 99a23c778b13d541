import Foundation

/// The replies the endpoints' `sampleResponse` carries, as the contract's examples: cards
/// `c1` and `c2` of `demo`, a card `c3` just created, and obviously fake tokens. Built once,
/// since an endpoint value is made for every request.
enum SampleReplies {
  static let cardListReply = reply(200, cardList)
  static let cardDetailReply = reply(200, cardDetail)
  static let cardCreationReply = reply(201, cardCreation)
  static let cardListEditReply = reply(200, cardListEdit)
  static let cardDeleteReply = reply(200, cardDelete)
  static let loginReply = reply(200, login)
  static let refreshReply = reply(200, refresh)
  static let logoutReply = reply(200, logout)

  /// The status, `Content-Type: application/json` and the JSON body.
  private static func reply(_ status: Int, _ json: String) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
  }

  static let cardList = """
    {
      "status": 200,
      "success": true,
      "message": "cards fetched",
      "data": [\(c1), \(c2)]
    }
    """

  static let cardDetail = """
    {
      "status": 200,
      "success": true,
      "message": "card fetched",
      "data": \(c1)
    }
    """

  static let cardCreation = """
    {
      "status": 201,
      "success": true,
      "message": "card created",
      "data": \(c3)
    }
    """

  static let cardListEdit = """
    {
      "status": 200,
      "success": true,
      "message": "card list edited",
      "data": [\(c2), \(c1)]
    }
    """

  static let cardDelete = """
    {
      "status": 200,
      "success": true,
      "message": "card deleted",
      "data": null
    }
    """

  /// Every field set, as in the contract's example.
  static let c1 = """
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

  /// Optional fields absent or `null`, as the contract allows.
  static let c2 = """
    {
      "cardId": "c2",
      "userId": "demo",
      "title": "SOPT 29th Server",
      "name": "Lee Jun",
      "birthday": null,
      "mbti": "ESTJ",
      "defaultImage": 0,
      "imageURL": null,
      "tmi": ["plays the drums"]
    }
    """

  /// A card just created without an uploaded image.
  static let c3 = """
    {
      "cardId": "c3",
      "userId": "demo",
      "title": null,
      "name": "Park Seoyeon",
      "birthday": "2000-12-24",
      "mbti": "ENFJ",
      "instagram": "seoyeon.park",
      "linkURL": null,
      "description": "designer",
      "defaultImage": 5,
      "imageURL": null,
      "tmi": []
    }
    """

  static let login = """
    {
      "status": 200,
      "success": true,
      "message": "signed in",
      "data": {
        "accessToken": "sample-access-token",
        "refreshToken": "sample-refresh-token",
        "expiresIn": 3600
      }
    }
    """

  static let refresh = """
    {
      "status": 200,
      "success": true,
      "message": "token refreshed",
      "data": {
        "accessToken": "sample-access-token-2",
        "refreshToken": "sample-refresh-token-2",
        "expiresIn": 3600
      }
    }
    """

  static let logout = """
    {
      "status": 200,
      "success": true,
      "message": "signed out",
      "data": null
    }
    """
}
