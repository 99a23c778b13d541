import Foundation

/// A JSON state file of format 1, as sandboxes wrote before they kept their state in SQLite:
/// `demo` has cards `c5` (with a PNG image), `c1` and `c2` in that order, `guest` has `c3`,
/// the next card is `c6`, and `demo` has a session with the tokens below.
enum StateFileV1Fixture {
  static let accessToken = "at_format1AccessTokenOfTheDemoUser0000000000"
  static let refreshToken = "rt_format1RefreshTokenOfTheDemoUser000000000"
  static let spentRefreshToken = "rt_format1SpentRefreshTokenOfTheDemoUser0000"
  /// Far in the future, so the access token is live whatever the clock.
  static let expiresAt = 4_000_000_000

  /// The file's text; `withSpentRefreshTokens: false` leaves that field out, as files written
  /// before the reuse interval existed do.
  static func text(image: Data, withSpentRefreshTokens: Bool = true, reusableUntil: Int = 0)
    -> String
  {
    let spent =
      withSpentRefreshTokens
      ? #""spentRefreshTokens": {"\#(spentRefreshToken)": {"userId": "demo", "sessionId": "s_1", "successor": "\#(refreshToken)", "reusableUntil": \#(reusableUntil)}},"#
      : ""
    return #"""
      {
        "version": 1,
        "cards": {
          "nextCardNumber": 6,
          "order": {"demo": ["c5", "c1", "c2"], "guest": ["c3"]},
          "cards": {
            "c1": {"cardId": "c1", "userId": "demo", "content": {"name": "Kim Minji", "defaultImage": 2, "tmi": ["likes coffee"]}},
            "c2": {"cardId": "c2", "userId": "demo", "content": {"name": "이서준", "defaultImage": 4, "tmi": []}},
            "c3": {"cardId": "c3", "userId": "guest", "content": {"name": "Alex Park", "defaultImage": 0, "tmi": []}},
            "c5": {"cardId": "c5", "userId": "demo", "content": {"title": "Kept", "name": "Choi Yuna", "mbti": "ESTJ", "defaultImage": 5, "tmi": ["a", "b", "c"], "image": {"contentType": "image/png", "bytes": "\#(image.base64EncodedString())"}}}
          }
        },
        "sessions": {
          \#(spent)
          "accessTokens": {"\#(accessToken)": {"userId": "demo", "sessionId": "s_1", "expiresAt": \#(expiresAt)}},
          "refreshTokens": {"\#(refreshToken)": {"userId": "demo", "sessionId": "s_1"}}
        }
      }
      """#
  }
}
