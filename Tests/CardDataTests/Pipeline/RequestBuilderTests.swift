import CardData
import CardDataTesting
import CardDomain
import Foundation
import Testing

/// How the pipeline turns an endpoint into the request the transport gets.
@Suite("Request building")
struct RequestBuilderTests {
  /// The request the transport received for `endpoint`.
  private func built(
    _ endpoint: Endpoint<HTTPResponse>, baseURL: URL = testBaseURL
  ) async throws -> StubTransport.Received {
    let transport = StubTransport { _ in .status(200) }
    _ = try await RequestPipeline(baseURL: baseURL, transport: transport).send(endpoint)
    return try #require(await transport.received.first)
  }

  @Test(arguments: [
    ("https://api.example.com", "https://api.example.com/cards/7"),
    ("https://api.example.com/", "https://api.example.com/cards/7"),
    ("https://api.example.com/v1", "https://api.example.com/v1/cards/7"),
    ("https://api.example.com/v1/", "https://api.example.com/v1/cards/7"),
    ("https://api.example.com/api/v1//", "https://api.example.com/api/v1/cards/7"),
    ("http://localhost:8080/base", "http://localhost:8080/base/cards/7"),
  ])
  func theEndpointPathIsAppendedToTheBaseURLWithOrWithoutAPrefixOrTrailingSlash(
    base: String, expected: String
  ) async throws {
    let request = try await built(
      TestEndpoint.get("/cards/7"), baseURL: try #require(URL(string: base)))
    #expect(request.request.url.absoluteString == expected)
  }

  @Test func aSegmentHoldingSpaceAndStaysOnePercentEncodedSegment() async throws {
    let url = try await built(TestEndpoint.get(RequestPath(["cards", "a/b c?"]))).request.url
    #expect(url.absoluteString == "https://api.example.com/cards/a%2Fb%20c%3F")
    #expect(url.path(percentEncoded: true) == "/cards/a%2Fb%20c%3F")
    #expect(url.query == nil)
  }

  @Test func aQueryFollowsThePathAndTheBaseURLsOwnQueryIsDropped() async throws {
    let endpoint = TestEndpoint.make(
      path: "/cards/search",
      query: [QueryItem(name: "q", value: "이 &"), QueryItem(name: "mbti", value: "INFP")])
    let url = try await built(
      endpoint, baseURL: try #require(URL(string: "https://api.example.com/v1/?debug=1#top"))
    ).request.url
    #expect(
      url.absoluteString == "https://api.example.com/v1/cards/search?q=%EC%9D%B4%20%26&mbti=INFP")
    #expect(url.path(percentEncoded: true) == "/v1/cards/search")
  }

  @Test func nonASCIIAndReservedCharactersInASegmentArePercentEncodedAsUTF8() async throws {
    let url = try await built(TestEndpoint.get(RequestPath(["cards", "카드#1%"]))).request.url
    #expect(url.absoluteString == "https://api.example.com/cards/%EC%B9%B4%EB%93%9C%231%25")
  }

  @Test(arguments: [".", "..", "..."])
  func dotSegmentsStayData(_ id: String) {
    let path = RequestPath(["card", id])
    #expect(path.percentEncoded == "/card/" + String(repeating: "%2E", count: id.count))
    let url = URL(string: "https://api.example.com" + path.percentEncoded)!
    #expect(
      url.standardized.path(percentEncoded: true) == "/card/"
        + String(repeating: "%2E", count: id.count))
  }

  @Test(arguments: [
    RequestBody.none, .json(SampleBody(name: "x", count: 1)),
    .multipart(MultipartFormData(boundary: "b")),
  ])
  func acceptApplicationJsonIsAlwaysSent(body: RequestBody) async throws {
    let request = try await built(TestEndpoint.make(method: .post, body: body)).request
    #expect(request.headers.values(for: "Accept") == ["application/json"])
  }

  @Test func aRequestWithoutABodyCarriesNoContentTypeAndAnEmptyBody() async throws {
    let request = try await built(TestEndpoint.get()).request
    #expect(request.headers["Content-Type"] == nil)
    #expect(request.body == .empty)
    #expect(request.method == .get)
  }

  @Test func aJSONBodyIsEncodedWithSortedKeysAndContentTypeApplicationJson() async throws {
    let received = try await built(
      TestEndpoint.json(
        SampleBody(name: "a/b", count: 2), method: .put, path: RequestPath(["cards", "a/b"])))
    #expect(received.request.url.absoluteString == "https://api.example.com/cards/a%2Fb")
    #expect(received.request.method == .put)
    #expect(received.request.headers["Content-Type"] == "application/json")
    #expect(String(decoding: received.body, as: UTF8.self) == #"{"count":2,"name":"a/b"}"#)
  }

  @Test func aJSONBodyThatCannotBeEncodedFailsAsInvalidInputBeforeAnythingIsSent() async throws {
    let transport = StubTransport()
    let recorder = RecordingMiddleware()
    let client = RequestPipeline(
      baseURL: testBaseURL, transport: transport, middleware: [recorder])
    let result = await outcome(of: client, TestEndpoint.json(Double.nan))
    guard case .invalidInput(.unreadableInput(let reason)) = result.failure else {
      Issue.record("expected invalid input, got \(result)")
      return
    }
    #expect(reason.contains("testThings"))
    #expect(await transport.received.isEmpty)
    #expect(recorder.events.isEmpty, "a request never built never enters the chain")
  }

  @Test func aMultipartBodyGetsMultipartFormDataWithTheFormsOwnBoundary() async throws {
    var form = MultipartFormData(boundary: "test-boundary-42")
    form.append("Ada", name: "name")
    form.append(Data([1, 2, 3]), name: "image", filename: "a.png", contentType: "image/png")
    let received = try await built(TestEndpoint.make(method: .post, body: .multipart(form)))
    #expect(
      received.request.headers.values(for: "Content-Type")
        == ["multipart/form-data; boundary=test-boundary-42"])
    let text = String(decoding: received.body, as: UTF8.self)
    #expect(text.hasPrefix("--test-boundary-42\r\n"))
    #expect(text.contains("Content-Disposition: form-data; name=\"name\"\r\n\r\nAda\r\n"))
    #expect(text.contains("filename=\"a.png\""))
    #expect(text.hasSuffix("--test-boundary-42--\r\n"))
  }
}
