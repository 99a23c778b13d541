import Foundation
import Testing

@testable import CardInfrastructure

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Redirects keep credentials on their origin")
struct RedirectPolicyTests {
  private static func request(
    _ url: String, method: String = "GET", body: Data? = nil
  ) -> URLRequest {
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = method
    request.httpBody = body
    request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
    request.setValue("session=s1", forHTTPHeaderField: "Cookie")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return request
  }

  @Test(arguments: [
    "https://api.example.test/v2/cards",
    "https://API.Example.TEST/cards",
    "https://api.example.test:443/cards",
  ])
  func keepsCredentialsOnTheSameOrigin(_ target: String) throws {
    let original = Self.request("https://api.example.test/cards")
    let followed = try #require(
      RedirectPolicy.request(following: Self.request(target), location: nil, from: original))
    #expect(followed.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
    #expect(followed.value(forHTTPHeaderField: "Cookie") == "session=s1")
  }

  @Test(arguments: [
    "https://evil.example.test/cards",
    "https://api.example.test:8443/cards",
    "https://sub.api.example.test/cards",
  ])
  func dropsCredentialsOnAnotherOrigin(_ target: String) throws {
    let original = Self.request("https://api.example.test/cards")
    let followed = try #require(
      RedirectPolicy.request(following: Self.request(target), location: nil, from: original))
    #expect(followed.url?.absoluteString == target)
    #expect(followed.value(forHTTPHeaderField: "Authorization") == nil)
    #expect(followed.value(forHTTPHeaderField: "Cookie") == nil)
    #expect(followed.value(forHTTPHeaderField: "Accept") == "application/json")
  }

  @Test func dropsCredentialsWithoutAnOriginalRequest() throws {
    let followed = try #require(
      RedirectPolicy.request(
        following: Self.request("https://api.example.test/"), location: nil, from: nil))
    #expect(followed.value(forHTTPHeaderField: "Authorization") == nil)
  }

  @Test(arguments: [
    ("POST", "https://api.example.test/card2"), ("GET", "https://other.example.test/"),
  ])
  func doesNotFollowAnyRedirectOfARequestWithABody(_ method: String, _ target: String) {
    let original = Self.request(
      "https://api.example.test/auth/login", method: "POST", body: Data([1]))
    #expect(
      RedirectPolicy.request(
        following: Self.request(target, method: method), location: nil, from: original) == nil
    )
  }

  @Test(arguments: [
    "file:///etc/passwd", "http://api.example.test/cards", "ftp://api.example.test/",
  ])
  func doesNotFollowARedirectToAnotherScheme(_ target: String) {
    let original = Self.request("https://api.example.test/cards")
    #expect(
      RedirectPolicy.request(following: Self.request(target), location: nil, from: original) == nil)
  }

  /// FoundationNetworking proposes `file:///etc/passwd` as the path `/etc/passwd` of the same
  /// origin; the `Location` header still names the scheme.
  @Test func doesNotFollowALocationOfAnotherSchemeProposedOnTheSameOrigin() {
    let original = Self.request("https://api.example.test/cards")
    #expect(
      RedirectPolicy.request(
        following: Self.request("https://api.example.test/etc/passwd"),
        location: "file:///etc/passwd", from: original) == nil)
  }

  @Test func theSessionDelegateAnswersWithThePolicysRequest() async throws {
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let task = session.dataTask(with: Self.request("https://api.example.test/cards"))
    let response = try #require(
      HTTPURLResponse(
        url: URL(string: "https://api.example.test/cards")!, statusCode: 302,
        httpVersion: "HTTP/1.1", headerFields: ["Location": "https://evil.example.test/"]))
    let answer = await withCheckedContinuation { continuation in
      SessionDelegate().urlSession(
        session, task: task, willPerformHTTPRedirection: response,
        newRequest: Self.request("https://evil.example.test/")
      ) { request in continuation.resume(returning: request) }
    }
    let followed = try #require(answer)
    #expect(followed.url?.host == "evil.example.test")
    #expect(followed.value(forHTTPHeaderField: "Authorization") == nil)
  }
}
