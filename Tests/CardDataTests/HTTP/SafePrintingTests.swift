import CardData
import CardDomain
import Foundation
import Testing

@Suite("HTTP values never print a secret")
struct SafePrintingTests {
  static let request = HTTPRequest(
    method: .post,
    url: URL(string: "https://api.example.com/auth/refresh?token=query-secret&page=1")!,
    headers: ["Authorization": "Bearer header-secret", "Cookie": "session=cookie-secret"],
    body: .data(Data(#"{"refreshToken":"body-secret"}"#.utf8)))

  static let secrets = ["query-secret", "header-secret", "cookie-secret", "body-secret"]

  @Test func printingInterpolatingAndDumpingARequestHideEverySecret() {
    var dumped = ""
    dump(Self.request, to: &dumped)
    for text in [
      "\(Self.request)", String(reflecting: Self.request), dumped,
      "\(Self.request.headers)", "\(Self.request.body)",
    ] {
      for secret in Self.secrets {
        #expect(!text.contains(secret), "\(secret) leaked: \(text)")
      }
    }
    #expect("\(Self.request)".contains("POST https://api.example.com/auth/refresh"))
    #expect("\(Self.request)".contains("Bearer <redacted>"))
    #expect("\(Self.request.body)" == "<30 bytes>")
  }

  @Test func aResponseShowsItsStatusButNotItsBody() {
    let response = HTTPResponse(
      status: 200, headers: ["Set-Cookie": "id=cookie-secret"],
      body: Data(#"{"accessToken":"body-secret"}"#.utf8))
    var dumped = ""
    dump(response, to: &dumped)
    for text in ["\(response)", dumped] {
      #expect(!text.contains("cookie-secret") && !text.contains("body-secret"))
    }
    #expect("\(response)".hasPrefix("200 "))
  }
}
