import CardPrimitives
import CardSandbox
import Foundation
import Testing

@Suite("Routing")
struct RoutingTests {
  @Test(arguments: [
    "/", "/card/c1/extra", "/cards/", "/auth", "/auth/login/x", "/Cards", "//cards",
    "/card/c1/image/x",
  ])
  func unknownPathsAnswer404(path: String) async throws {
    let response = try await Sandbox().handle(Requests.plain("GET", path))
    #expect(response.status == 404)
    #expect(try ParsedEnvelope(response).message.hasPrefix("no resource at "))
  }

  @Test(arguments: [
    ("GET", "/auth/login", "POST"),
    ("PUT", "/auth/refresh", "POST"),
    ("GET", "/auth/logout", "POST"),
    ("POST", "/cards", "GET, PUT"),
    ("DELETE", "/cards", "GET, PUT"),
    ("GET", "/card", "POST"),
    ("PUT", "/card/c1", "DELETE, GET"),
    ("POST", "/card/c1", "DELETE, GET"),
    ("DELETE", "/card/c1/image", "GET"),
    ("get", "/cards", "GET, PUT"),
  ])
  func aWrongMethodOnAKnownPathAnswers405WithAllow(method: String, path: String, allow: String)
    async throws
  {
    let response = try await Sandbox().handle(Requests.plain(method, path))
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == allow)
    #expect(try ParsedEnvelope(response).message.contains("does not support \(method)"))
  }

  @Test func theQueryStringIsIgnoredAndPathSegmentsArePercentDecoded() async throws {
    let sandbox = Sandbox()
    let session = try await sandbox.login()
    let withQuery = Requests.plain("GET", "/cards?page=1&sort=name", token: session.accessToken)
    #expect(try await sandbox.handle(withQuery).status == 200)
    let encoded = Requests.plain("GET", "/card/%63%31", token: session.accessToken)
    let card = try ParsedEnvelope(try await sandbox.handle(encoded)).object()
    #expect(card["cardId"] as? String == "c1")
    let slash = try await sandbox.handle("GET", "/card/c1%2Fimage", as: session)
    #expect(slash.status == 404)
    #expect(try ParsedEnvelope(slash).message == "card c1/image not found")
  }

  @Test(arguments: ["cards", "/card/%zz", "/card/%E0%A4", "/card/%"])
  func aMalformedRequestTargetAnswers400(path: String) async throws {
    let response = try await Sandbox().handle(Requests.plain("GET", path))
    #expect(response.status == 400)
    _ = try ParsedEnvelope(response)
  }

  @Test func anUnknownPathAnswers404BeforeAnyAuthentication() async throws {
    #expect(try await Sandbox().handle(Requests.plain("GET", "/users")).status == 404)
  }
}
