import CardData
import CardDataTesting

extension StubReply {
  /// A JSON reply with the contract's envelope around `data`, a JSON text.
  static func envelope(status: Int = 200, message: String = "ok", data: String) -> StubReply {
    let body =
      #"{"status":\#(status),"success":\#((200..<300).contains(status)),"message":"\#(message)","data":\#(data)}"#
    return .status(status, headers: ["Content-Type": "application/json"], body: body)
  }

  /// `c1`, Kim Minji, with an MBTI, a birthday, a default image and one TMI.
  static let minjisCardJSON =
    #"{"cardId":"c1","userId":"demo","name":"Kim Minji","mbti":"INFP","birthday":"1999-03-02","defaultImage":2,"tmi":["likes coffee"]}"#

  /// ``minjisCardJSON`` in a 200 envelope.
  static let minjisCard = envelope(data: minjisCardJSON)

  /// A login's or a refresh's answer: `access-new` and `refresh-new`, for an hour.
  static let newTokens = envelope(
    data: #"{"accessToken":"access-new","refreshToken":"refresh-new","expiresIn":3600}"#)
}
